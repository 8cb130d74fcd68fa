import { assertNever } from '@toolcards/protocol';
import type { EventDelivery, TimelineRow, ToolRow } from './timeline-row';
import { keepUnchangedRows } from './same-row';

/** What happened to one delivered event. */
export type AppendOutcome =
  /** The next seq: applied. */
  | 'applied'
  /** seq at or below what is already held: a replayed or duplicated frame, ignored. */
  | 'duplicate'
  /** seq beyond the next one: something is missing, nothing was applied. */
  | 'gap';

/**
 * Derives timeline rows from a session's events, one event at a time, in O(1) per event.
 *
 * Rows are immutable values: an update (a result replacing its pending call, another
 * assistant delta) swaps in a new row object at the same index, so a snapshot taken
 * earlier stays valid and React can compare rows by identity.
 */
export class TimelineBuilder {
  /** Highest seq applied; `firstSeq - 1` before the first event. */
  lastSeq: number;
  private readonly rows: TimelineRow[] = [];
  private snapshot: readonly TimelineRow[] = [];
  private changed = false;
  private readonly rowOfCall = new Map<string, number>();
  private readonly rowOfMessage = new Map<string, number>();
  /** Calls with neither a result nor a cancellation, in call order. */
  private readonly openCalls = new Set<string>();
  /** A user message or model output since the last turn/end. */
  private turnOpenFlag = false;

  /** `firstSeq`: the seq of the first event this builder will take (a tail starts mid-session). */
  constructor(readonly firstSeq = 0) {
    this.lastSeq = firstSeq - 1;
  }

  append(delivery: EventDelivery): AppendOutcome {
    const { event } = delivery;
    if (event.seq <= this.lastSeq) return 'duplicate';
    if (event.seq !== this.lastSeq + 1) return 'gap';
    this.lastSeq = event.seq;
    this.changed = true;
    const base = { key: `e${event.seq}`, seq: event.seq, time: event.time };
    switch (event.type) {
      case 'user/message':
        this.rows.push({ ...base, kind: 'user-message', text: event.data.text });
        this.turnOpenFlag = true;
        break;
      case 'assistant/text': {
        const { messageId, delta } = event.data;
        const index = this.rowOfMessage.get(messageId);
        const row = index === undefined ? undefined : this.rows[index];
        if (index !== undefined && row?.kind === 'assistant-message') {
          this.rows[index] = { ...row, text: row.text + delta };
        } else {
          this.rowOfMessage.set(messageId, this.rows.length);
          this.rows.push({ ...base, kind: 'assistant-message', messageId, text: delta });
        }
        this.turnOpenFlag = true;
        break;
      }
      case 'tool/call': {
        const { callId, name, args, origin } = event.data;
        const call = { name, args, origin, view: delivery.view };
        const index = this.rowOfCall.get(callId);
        const row = index === undefined ? undefined : this.rows[index];
        if (index !== undefined && row?.kind === 'tool' && row.call === undefined) {
          // The result came first (a malformed log); the call completes that row.
          this.rows[index] = { ...row, call };
          break;
        }
        this.rowOfCall.set(callId, this.rows.length);
        this.rows.push({ ...base, kind: 'tool', callId, call, cancelled: false });
        this.openCalls.add(callId);
        if (origin === 'model') this.turnOpenFlag = true;
        break;
      }
      case 'tool/result': {
        const { callId, content, isError, error } = event.data;
        const result = {
          seq: event.seq,
          content,
          isError,
          view: delivery.view,
          ...(error ? { error } : {}),
          ...(delivery.contentOmitted ? { contentOmitted: true as const } : {}),
        };
        const index = this.rowOfCall.get(callId);
        const row = index === undefined ? undefined : this.rows[index];
        this.openCalls.delete(callId);
        if (index !== undefined && row?.kind === 'tool' && row.result === undefined) {
          // A late result still wins over a cancelled mark: it is what really happened.
          this.rows[index] = { ...row, result, cancelled: false };
        } else {
          // No call to attach to (or a second result for it): show it on its own row.
          this.rowOfCall.set(callId, this.rows.length);
          this.rows.push({ ...base, kind: 'tool', callId, result, cancelled: false });
        }
        break;
      }
      case 'turn/end': {
        const { reason, error } = event.data;
        this.cancelOpenCalls(reason === 'cancelled');
        this.rows.push({ ...base, kind: 'turn-end', reason, ...(error === undefined ? {} : { error }) });
        this.turnOpenFlag = false;
        break;
      }
      default:
        assertNever(event, 'session event');
    }
    return 'applied';
  }

  /** The log has a hole before `seq` (a corrupt line was skipped): the next event may follow it. */
  skipTo(seq: number): void {
    if (seq > this.lastSeq + 1) this.lastSeq = seq - 1;
  }

  /** Rows unchanged from `previous` keep their objects (same-row.ts): what is on screen is not rendered again. */
  keepUnchanged(previous: readonly TimelineRow[]): void {
    keepUnchangedRows(previous, this.rows);
    this.changed = true;
  }

  /** The rows so far; a new array only when something changed since the last call. */
  rowsSnapshot(): readonly TimelineRow[] {
    if (this.changed) {
      this.snapshot = this.rows.slice();
      this.changed = false;
    }
    return this.snapshot;
  }

  rowIndexOfCall(callId: string): number | undefined {
    return this.rowOfCall.get(callId);
  }

  /** A call's row as it is now, without taking a snapshot (O(1) per live result). */
  rowOfCallNow(callId: string): TimelineRow | undefined {
    const index = this.rowOfCall.get(callId);
    return index === undefined ? undefined : this.rows[index];
  }

  /** Some call without a result or a cancellation matches `test`. */
  someOpenCall(test: (callId: string) => boolean): boolean {
    for (const callId of this.openCalls) if (test(callId)) return true;
    return false;
  }

  /**
   * A user message or model output came after the last turn/end. Only meaningful with a
   * model configured: without one the server logs the message and no turn ever starts.
   */
  get turnOpen(): boolean {
    return this.turnOpenFlag;
  }

  /**
   * A turn ended, so the model's calls still open will never get a result. A user's
   * direct call runs outside model turns: only an explicit cancel ends it.
   */
  private cancelOpenCalls(includeUserCalls: boolean): void {
    for (const callId of this.openCalls) {
      const index = this.rowOfCall.get(callId);
      const row = index === undefined ? undefined : this.rows[index];
      if (index === undefined || row?.kind !== 'tool') continue;
      if (row.call?.origin === 'user' && !includeUserCalls) continue;
      this.rows[index] = { ...row, cancelled: true } satisfies ToolRow;
      this.openCalls.delete(callId);
    }
  }
}
