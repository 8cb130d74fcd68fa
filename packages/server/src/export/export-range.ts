import type { SessionEvent } from '@toolcards/protocol';

/** Where an event of the log stands to an export's range, read in seq order. */
export type RangePlace =
  /** Before the range: not exported, but a later result may need its call. */
  | 'before'
  | 'in'
  /** After the range's last seq, not a result it waits for: not exported. */
  | 'out'
  /** Nothing after this can be in the range: stop reading. */
  | 'end';

/**
 * The events of seqs `from`..`to` (inclusive), and the results of calls in it that came after
 * `to`: a range chosen from one card to another ends at the last card's call, and that card
 * (or another call of the range, run at the same time) keeps its result. A result in the range
 * whose call lies before it keeps its card (the call is remembered, not exported). `until`
 * caps the read: a session still being written exports what the first read saw.
 */
export class ExportRange {
  private readonly waiting = new Set<string>();

  constructor(
    readonly from: number,
    readonly to: number,
    private readonly until = Number.MAX_SAFE_INTEGER,
  ) {}

  place(event: SessionEvent): RangePlace {
    if (event.seq > this.until) return 'end';
    if (event.seq < this.from) return 'before';
    if (event.seq <= this.to) {
      if (event.type === 'tool/call') this.waiting.add(event.data.callId);
      else if (event.type === 'tool/result') this.waiting.delete(event.data.callId);
      return 'in';
    }
    if (this.waiting.size === 0) return 'end';
    return event.type === 'tool/result' && this.waiting.delete(event.data.callId) ? 'in' : 'out';
  }
}
