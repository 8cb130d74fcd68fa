import type { SessionEvent } from '@toolcards/protocol';
import { ViewComputer, type Presenters } from '../view-computation';
import { historyItem } from './history-item';

/** Serialized characters kept at most; past it the items are let go and pages are read from the log. */
export const HISTORY_ITEMS_MAX_CHARS = 32 * 1024 * 1024;
/**
 * A log larger than this is not serialized at all: its items would pass the bound (a 10,000-read
 * toolcards log of 113 MB makes more), and the work would be thrown away.
 */
export const HISTORY_ITEMS_MAX_LOG_BYTES = 2 * HISTORY_ITEMS_MAX_CHARS;

/**
 * A log's history items (lean, with their views, serialized) from its start, made as the
 * replay from the start visits each event, so the older pages a client loads behind the tail
 * go out without reading and parsing the log once more. The views come from one computer
 * that saw the log from its start: the views a page read computes (a call is remembered
 * until its first result). Usable once that replay has ended; covers what it saw, not what
 * is appended after it.
 */
export class HistoryItems {
  private readonly views: ViewComputer;
  private seqs: number[] = [];
  private items: string[] = [];
  private chars = 0;
  private state: 'filling' | 'complete' | 'dropped' = 'filling';

  constructor(
    presenters: Presenters,
    private readonly maxChars = HISTORY_ITEMS_MAX_CHARS,
  ) {
    this.views = new ViewComputer(presenters);
  }

  /** One event the replay accepted, in seq order. */
  observe(event: SessionEvent): void {
    if (this.state !== 'filling') return;
    const json = JSON.stringify(historyItem(event, this.views.viewFor(event)));
    this.chars += json.length;
    if (this.chars > this.maxChars) return this.drop();
    this.seqs.push(event.seq);
    this.items.push(json);
  }

  /** Gives up before any work when the log is too large for the items to stay within the bound. */
  expectLog(bytes: number): void {
    if (bytes > HISTORY_ITEMS_MAX_LOG_BYTES) this.drop();
  }

  /** The replay has ended: the items are the log's up to where it ended. */
  complete(): void {
    if (this.state === 'filling') this.state = 'complete';
  }

  /** The replay failed, or the items grew past the bound: pages are read from the log. */
  drop(): void {
    this.state = 'dropped';
    this.seqs = [];
    this.items = [];
  }

  /** The serialized items with seq in [fromSeq, beforeSeq), in order; undefined when not all of them are held. */
  itemsIn(fromSeq: number, beforeSeq: number): string[] | undefined {
    if (this.state !== 'complete') return undefined;
    const last = this.seqs.at(-1);
    if (last === undefined || beforeSeq > last + 1) return undefined;
    return this.items.slice(firstAtOrAfter(this.seqs, fromSeq), firstAtOrAfter(this.seqs, beforeSeq));
  }
}

/** The index of the first seq ≥ `seq` in ascending `seqs` (its length when none). */
function firstAtOrAfter(seqs: readonly number[], seq: number): number {
  let low = 0;
  let high = seqs.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (seqs[middle]! < seq) low = middle + 1;
    else high = middle;
  }
  return low;
}
