import type { AssistantMessageRow, TimelineRow, ToolRow, TurnEndRow, UserMessageRow } from '../model/timeline-row';

/**
 * Timeline rows written by hand for the navigator's, the strip's and the pins' tests and
 * stories: each helper takes the next seq from a counter, so a session reads in order.
 */
export class SessionRowsFixture {
  private seq = 0;
  readonly rows: TimelineRow[] = [];

  user(text: string): this {
    const seq = this.next();
    this.rows.push({ kind: 'user-message', key: `e${seq}`, seq, time: timeOf(seq), text } satisfies UserMessageRow);
    return this;
  }

  assistant(text: string): this {
    const seq = this.next();
    this.rows.push({ kind: 'assistant-message', key: `e${seq}`, seq, time: timeOf(seq), messageId: `m${seq}`, text } satisfies AssistantMessageRow);
    return this;
  }

  /** A finished call whose result shows `card` (`error`: a failed call, generic card). */
  call(card: 'read' | 'search' | 'terminal' | 'diff' | 'plan' | 'generic' | 'error', extra: { title?: string; session?: string } = {}): this {
    const seq = this.next();
    const resultSeq = this.next();
    const title = extra.title ?? `${card} ${seq}`;
    const row: ToolRow = {
      kind: 'tool',
      key: `e${seq}`,
      seq,
      time: timeOf(seq),
      callId: `c${seq}`,
      call: { name: card, args: {}, origin: 'model', view: { card: 'generic', title } },
      result: {
        seq: resultSeq,
        content: [],
        isError: card === 'error',
        view: card === 'error' ? { card: 'generic', title } : { card, title, ...(extra.session === undefined ? {} : { session: extra.session }) },
      },
      cancelled: false,
    };
    this.rows.push(row);
    return this;
  }

  /** A call still running: only its call view (with its icon kind). */
  pending(kind: 'read' | 'search' | 'execute' | 'edit' | 'other', title = `${kind} pending`): this {
    const seq = this.next();
    this.rows.push({
      kind: 'tool',
      key: `e${seq}`,
      seq,
      time: timeOf(seq),
      callId: `c${seq}`,
      call: { name: kind, args: {}, origin: 'model', view: { card: 'generic', title, kind } },
      cancelled: false,
    } satisfies ToolRow);
    return this;
  }

  turnEnd(): this {
    const seq = this.next();
    this.rows.push({ kind: 'turn-end', key: `e${seq}`, seq, time: timeOf(seq), reason: 'done' } satisfies TurnEndRow);
    return this;
  }

  /** `turns` turns of a prompt, an answer, `callsPerTurn` calls cycling read, search, terminal, and a turn end. */
  turns(turns: number, callsPerTurn: number): this {
    const cycle = ['read', 'search', 'terminal'] as const;
    for (let turn = 0; turn < turns; turn += 1) {
      this.user(`Prompt ${turn + 1}\nmore words`).assistant(`Answer ${turn + 1}`);
      for (let call = 0; call < callsPerTurn; call += 1) this.call(cycle[call % 3]!);
      this.turnEnd();
    }
    return this;
  }

  private next(): number {
    const seq = this.seq;
    this.seq += 1;
    return seq;
  }
}

function timeOf(seq: number): string {
  return new Date(Date.UTC(2026, 11, 1, 10, 0, seq)).toISOString();
}
