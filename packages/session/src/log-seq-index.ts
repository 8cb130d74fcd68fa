import type { SessionEvent, ToolCallEvent } from '@toolcards/protocol';
import { eventFromJson, parseEventLine, seqOrder } from './log-entries';
import { readLogLines, type LogLine } from './log-lines';
import type { LogTail } from './log-tail';
import type { ReplayReport } from './replay';

/** Called per event of a range, in seq order; resolve `false` to stop reading. */
export type RangeVisitor = (event: SessionEvent) => boolean | Promise<boolean>;

/** A call event whose log line is at most about this long (bytes, or characters where it is still text) is kept in memory; a longer one is read back. */
export const KEPT_CALL_LINE_BYTES = 4 * 1024;

/**
 * Where each event of one session log starts, learned by reading the file once and after
 * that only what was appended since. A reader can then start at any seq — the tail of a
 * long session, an older page — without parsing everything before it again. It also knows
 * where every call event is, which a result's view needs however far back its call is: a
 * small call is kept, a large one (its args) is read back from the log when asked for, so
 * an open session's memory does not grow with its calls' args.
 *
 * Indexing parses each line as JSON but validates only calls (they are kept); every event
 * a range yields is validated in full, as a replay would. Lines a replay skips (corrupt,
 * stale seq) are skipped here too.
 */
export class LogSeqIndex {
  /** What is indexed: swapped whole when a provisional (tail-only) index learns the head. */
  private entries: IndexEntries = emptyEntries();
  /** Where a replay from the start seeds while the tail-only entries still answer readers. */
  private seeding: IndexEntries | undefined;
  /** True while only the tail is indexed (see `fromTail`); `whole` resolves when the head is in. */
  private provisional = false;
  private wholeIndexed: Promise<void> = Promise.resolve();
  private markWhole: () => void = () => {};
  /** Asks for the replay from the start that seeds the head (a tail-only index needs it now). */
  private needWhole: () => void = () => {};
  /** Bytes read so far (always at a line boundary). */
  private scanned = 0;
  /** Where readers stop: `scanned`, or the end of a last event whose newline was never written. */
  private readable = 0;
  private headerSeen = false;
  private scanning: Promise<void> = Promise.resolve();

  constructor(readonly path: string) {}

  /**
   * An index of a log's tail alone, so the last screenful is served after reading only the
   * end of the file. Anything it cannot answer from the tail (a page before it, a call logged
   * before it) waits until a replay from the start has seeded the whole index (`seed` …
   * `seeded`), which then replaces the tail-only entries in one step.
   */
  static fromTail(path: string, tail: LogTail, needWhole: () => void = () => {}): LogSeqIndex {
    const index = new LogSeqIndex(path);
    index.needWhole = needWhole;
    index.headerSeen = true;
    for (const { event, line } of tail.events) index.record(index.entries, event.seq, event.type, event.type === 'tool/call' ? event : undefined, event.type === 'tool/result' ? event.data.callId : undefined, line.start, line.end - line.start);
    index.scanned = tail.end.missingNewline ? lastLineStart(index.entries, tail.end.completeBytes) : tail.end.completeBytes;
    index.readable = tail.end.completeBytes;
    if (!tail.reachedHead) {
      index.provisional = true;
      index.wholeIndexed = new Promise((resolve) => (index.markWhole = resolve));
    }
    return index;
  }

  /** A replay from the start could not seed the head: readers go on with the tail alone (its start reads as the log's). */
  headUnreadable(): void {
    this.scanning = this.scanning.then(() => {
      this.provisional = false;
      this.markWhole();
    });
  }

  private headIndexed(): Promise<void> {
    if (this.provisional) this.needWhole();
    return this.wholeIndexed;
  }

  /** False while only the tail is indexed. */
  get whole(): boolean {
    return !this.provisional;
  }

  /**
   * Indexes one event a replay from the start of this log accepted, so opening a session
   * reads its log once, not once to replay and again to index. Call `seeded` after the last.
   */
  seed(event: SessionEvent, line: LogLine): void {
    if (this.provisional) {
      this.seeding ??= emptyEntries();
      this.record(this.seeding, event.seq, event.type, event.type === 'tool/call' ? event : undefined, event.type === 'tool/result' ? event.data.callId : undefined, line.start, line.end - line.start);
      return;
    }
    this.headerSeen = true;
    this.record(this.entries, event.seq, event.type, event.type === 'tool/call' ? event : undefined, event.type === 'tool/result' ? event.data.callId : undefined, line.start, line.end - line.start);
    this.readable = line.end;
    if (line.terminated) this.scanned = line.end;
  }

  /** Ends seeding with the replay's report: later catch-ups read only what comes after it. */
  seeded(report: ReplayReport): void {
    if (this.provisional) {
      // Swapped between two catch-ups: what the tail index learned after the replay's end is read again.
      this.scanning = this.scanning.then(() => {
        this.entries = this.seeding ?? emptyEntries();
        this.seeding = undefined;
        this.provisional = false;
        this.scanned = report.missingNewline ? lastLineStart(this.entries, report.completeBytes) : report.completeBytes;
        this.readable = report.completeBytes;
        this.markWhole();
      });
      return;
    }
    this.headerSeen = true;
    // A last event without its newline is read again (as stale) once the newline is there.
    if (report.missingNewline) return;
    this.scanned = Math.max(this.scanned, report.completeBytes);
    this.readable = Math.max(this.readable, this.scanned);
  }

  /** Indexes what was appended since the last call (serialized: concurrent callers share one read). */
  catchUp(): Promise<void> {
    this.scanning = this.scanning.then(() => this.scan());
    return this.scanning;
  }

  get eventCount(): number {
    return this.entries.seqs.length;
  }

  /** The logged call with this id, if any (read back from the log when it was too large to keep). */
  async callOf(callId: string): Promise<ToolCallEvent | undefined> {
    // A call the tail does not hold may be in the head.
    if (this.provisional && !this.entries.calls.has(callId)) await this.headIndexed();
    const call = this.entries.calls.get(callId);
    if (typeof call !== 'number') return call;
    let found: ToolCallEvent | undefined;
    await this.readRange(call, call + 1, (event) => {
      if (event.type === 'tool/call' && event.data.callId === callId) found = event;
      return false;
    });
    return found;
  }

  /** The seq of the logged call with this id, if any. */
  callSeqOf(callId: string): number | undefined {
    const call = this.entries.calls.get(callId);
    return typeof call === 'number' ? call : call?.seq;
  }

  /**
   * The seq of the first logged result of this call, if any. From a tail-only index when it
   * holds the call (every result comes after its call), else once the whole log is indexed.
   */
  async firstResultSeqOf(callId: string): Promise<number | undefined> {
    if (this.provisional && !this.entries.calls.has(callId)) await this.headIndexed();
    return this.entries.resultSeqOfCall.get(callId);
  }

  /**
   * `pageStart`, once the index holds what the page needs: a tail-only index answers when it
   * holds the page and its widening (`2 × count` events before `beforeSeq`), else the head is waited for.
   */
  async coveredPageStart(beforeSeq: number, count: number): Promise<number> {
    if (this.provisional && this.positionOf(beforeSeq) < 2 * count) await this.headIndexed();
    return this.pageStart(beforeSeq, count);
  }

  /** The seq of the logged result of this call, if any. */
  resultSeqOf(callId: string): number | undefined {
    return this.entries.resultSeqOfCall.get(callId);
  }

  /**
   * The first seq of the last `count` events before `beforeSeq`, widened (by at most
   * `count` more events) so that no result in the range is cut off from its call.
   * `beforeSeq` itself when nothing comes before it.
   */
  pageStart(beforeSeq: number, count: number): number {
    const end = this.positionOf(beforeSeq);
    if (end === 0) return beforeSeq;
    const floor = Math.max(0, end - 2 * count);
    const asked = Math.max(0, end - count);
    let start = asked;
    // Only the results of the page asked for pull their calls in: a result the widening
    // brings in may start its own page's row without its call (the next page has it).
    for (let position = asked; position < end; position += 1) {
      const callSeq = this.entries.callSeqOfResult.get(this.entries.seqs[position]!);
      if (callSeq === undefined) continue;
      start = Math.max(floor, Math.min(start, this.positionOf(callSeq)));
    }
    return this.entries.seqs[start]!;
  }

  /** Number of indexed events with seq in [fromSeq, beforeSeq). */
  countBetween(fromSeq: number, beforeSeq: number): number {
    return Math.max(0, this.positionOf(beforeSeq) - this.positionOf(fromSeq));
  }

  /** Visits the indexed events with seq in [fromSeq, beforeSeq), validated, in order. */
  async readRange(fromSeq: number, beforeSeq: number, visit: RangeVisitor): Promise<void> {
    if (this.provisional && (this.entries.seqs.length === 0 || fromSeq < this.entries.seqs[0]!)) await this.headIndexed();
    const position = this.positionOf(fromSeq);
    if (position >= this.entries.seqs.length || this.entries.seqs[position]! >= beforeSeq) return;
    let lastSeq = fromSeq - 1;
    const lines = readLogLines(this.path, this.entries.starts[position]!);
    try {
      for await (const line of lines) {
        if (line.start >= this.readable) return;
        const parsed = parseEventLine(line.text);
        if (!parsed.ok || seqOrder(lastSeq, parsed.value.seq) === 'stale') continue;
        if (parsed.value.seq >= beforeSeq) return;
        lastSeq = parsed.value.seq;
        if ((await visit(parsed.value)) === false) return;
      }
    } finally {
      await lines.return(undefined);
    }
  }

  /** Index of the first indexed seq ≥ `seq` (the count when there is none). */
  private positionOf(seq: number): number {
    let low = 0;
    let high = this.entries.seqs.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.entries.seqs[middle]! < seq) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private async scan(): Promise<void> {
    const lines = readLogLines(this.path, this.scanned);
    try {
      for await (const line of lines) {
        // A line still being written (or torn by a crash) is indexed once it is complete. A
        // complete event that only lacks its newline counts, as in replay (the writer adds the
        // newline on its first append); it is read again at the next scan, as a stale seq then.
        if (!line.terminated) {
          if (this.headerSeen && parseEventLine(line.text).ok) {
            this.note(line.text, line.start);
            this.readable = line.end;
          }
          return;
        }
        this.scanned = line.end;
        this.readable = line.end;
        if (!this.headerSeen) {
          this.headerSeen = true;
          continue;
        }
        this.note(line.text, line.start);
      }
    } finally {
      await lines.return(undefined);
    }
  }

  private note(text: string, start: number): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const { seq, type, data } = value as { seq?: unknown; type?: unknown; data?: { callId?: unknown } };
    if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || typeof type !== 'string') return;
    const last = this.entries.seqs.length === 0 ? -1 : this.entries.seqs[this.entries.seqs.length - 1]!;
    const order = seqOrder(last, seq);
    if (order === 'stale') return;
    // A seq that jumps ahead is rare (only after a lost line): check it is really an event,
    // as replay does, or a corrupt line with a high seq would hide every event after it.
    if (order === 'gap' && type !== 'tool/call' && !eventFromJson(value).ok) return;
    let call: ToolCallEvent | undefined;
    if (type === 'tool/call') {
      const parsed = eventFromJson(value);
      if (!parsed.ok || parsed.value.type !== 'tool/call') return;
      call = parsed.value;
    }
    this.record(this.entries, seq, type, call, type === 'tool/result' && typeof data?.callId === 'string' ? data.callId : undefined, start, text.length);
  }

  private record(into: IndexEntries, seq: number, type: string, call: ToolCallEvent | undefined, resultCallId: string | undefined, start: number, lineBytes: number): void {
    if (type === 'tool/call' && call !== undefined) into.calls.set(call.data.callId, lineBytes <= KEPT_CALL_LINE_BYTES ? call : call.seq);
    if (resultCallId !== undefined) {
      const known = into.calls.get(resultCallId);
      const callSeq = typeof known === 'number' ? known : known?.seq;
      if (callSeq !== undefined) into.callSeqOfResult.set(seq, callSeq);
      if (!into.resultSeqOfCall.has(resultCallId)) into.resultSeqOfCall.set(resultCallId, seq);
    }
    into.seqs.push(seq);
    into.starts.push(start);
  }
}

interface IndexEntries {
  /** Indexed seqs, ascending (a corrupt line may leave a gap), and each line's byte offset. */
  seqs: number[];
  starts: number[];
  /** A call id → its event when small, else its seq (the event is read back from the log). */
  calls: Map<string, ToolCallEvent | number>;
  /** A result's seq → its call's seq, for results whose call was logged before them. */
  callSeqOfResult: Map<number, number>;
  /** A call id → the seq of its result (the first one logged). */
  resultSeqOfCall: Map<string, number>;
}

function emptyEntries(): IndexEntries {
  return { seqs: [], starts: [], calls: new Map(), callSeqOfResult: new Map(), resultSeqOfCall: new Map() };
}

/** Where the last indexed line starts: a last event without its newline is read again from there. */
function lastLineStart(entries: IndexEntries, otherwise: number): number {
  return entries.starts.at(-1) ?? otherwise;
}
