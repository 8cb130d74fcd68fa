import { matchRanges } from '@toolcards/protocol';
import type { TimelineRow } from '../model/timeline-row';
import { rowFindTexts, type FindText } from './row-find-texts';

/** One match: the row (by its seq), the text of its card, and the range in that text. */
export interface FindHit {
  seq: number;
  /** Index of the row in the rows searched. */
  rowIndex: number;
  where: FindText;
  start: number;
  end: number;
}

export interface FindResult {
  hits: FindHit[];
  /** More matches exist than `hits` holds. */
  capped: boolean;
}

/** Most hits one search lists: beyond, the bar says "10,000+". */
export const MAX_FIND_HITS = 10_000;

interface RowEntry {
  texts: FindText[];
  /** The texts joined by "\n", one regex pass per row. */
  joined: string;
  /** Where each text starts in `joined`. */
  starts: number[];
}

/**
 * A session's text, for finding in it: each row's card texts joined once (rows are
 * immutable, so an entry is made once per row, whatever the session grows to), then one
 * regex pass per row. A match that would span two texts is not one.
 */
export class SessionFindIndex {
  private readonly entries = new WeakMap<TimelineRow, RowEntry>();

  search(rows: readonly TimelineRow[], pattern: RegExp): FindResult {
    const hits: FindHit[] = [];
    for (let rowIndex = 0; rowIndex < rows.length; rowIndex += 1) {
      const row = rows[rowIndex]!;
      const entry = this.entryOf(row);
      if (entry.joined === '') continue;
      for (const [start, end] of matchRanges(pattern, entry.joined, MAX_FIND_HITS + 1 - hits.length)) {
        const textIndex = textAt(entry.starts, start);
        const textStart = entry.starts[textIndex]!;
        const where = entry.texts[textIndex]!;
        if (end - textStart > where.text.length) continue;
        hits.push({ seq: row.seq, rowIndex, where, start: start - textStart, end: end - textStart });
        if (hits.length > MAX_FIND_HITS) return { hits: hits.slice(0, MAX_FIND_HITS), capped: true };
      }
    }
    return { hits, capped: false };
  }

  private entryOf(row: TimelineRow): RowEntry {
    let entry = this.entries.get(row);
    if (!entry) {
      const texts = rowFindTexts(row);
      const starts: number[] = [];
      let offset = 0;
      for (const text of texts) {
        starts.push(offset);
        offset += text.text.length + 1;
      }
      entry = { texts, joined: texts.map((text) => text.text).join('\n'), starts };
      this.entries.set(row, entry);
    }
    return entry;
  }
}

/** The index of the text holding offset `at` (binary search over ascending starts). */
function textAt(starts: readonly number[], at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}
