import type { TimelineRow } from '../model/timeline-row';
import { callKindOf, CALL_KINDS, noCallKinds, type CallKind } from '../navigator/call-kind';

/** A mark is at least this tall: thinner ones are merged into one bucket of the strip. */
export const MIN_MARK_PX = 2;

/** One mark of the strip: the calls of a stretch of rows, in the colour of their main kind. */
export interface StripMark {
  top: number;
  height: number;
  kind: CallKind;
  /** The first call's row in the stretch: where a click goes. */
  firstRow: number;
  calls: number;
}

/** Where row `index` of `rowCount` sits on a strip `height` px tall (the strip maps rows, not pixels). */
export function rowTop(index: number, rowCount: number, height: number): number {
  return rowCount === 0 ? 0 : (index / rowCount) * height;
}

/** The row under a point `y` px down the strip. */
export function rowAt(y: number, rowCount: number, height: number): number {
  if (rowCount === 0 || height <= 0) return 0;
  return Math.min(rowCount - 1, Math.max(0, Math.floor((y / height) * rowCount)));
}

/**
 * The strip's marks: the rows split into buckets of at least MIN_MARK_PX (one per row when
 * they fit), each bucket with a call becoming one mark coloured by its kind: an error if the
 * bucket has one (what a person scans for), else its most common kind. One pass over the rows;
 * a 10,000-call session on an 800 px strip is 400 marks, drawn on one canvas.
 */
export function stripMarks(rows: readonly TimelineRow[], height: number): StripMark[] {
  const count = rows.length;
  if (count === 0 || height <= 0) return [];
  const buckets = Math.max(1, Math.min(count, Math.floor(height / MIN_MARK_PX)));
  const marks: StripMark[] = [];
  for (let bucket = 0; bucket < buckets; bucket += 1) {
    const start = Math.floor((bucket * count) / buckets);
    const end = Math.floor(((bucket + 1) * count) / buckets);
    let calls = 0;
    let firstRow = -1;
    const kinds = noCallKinds();
    for (let index = start; index < end; index += 1) {
      const row = rows[index]!;
      if (row.kind !== 'tool') continue;
      calls += 1;
      if (firstRow === -1) firstRow = index;
      kinds[callKindOf(row)] += 1;
    }
    if (calls === 0) continue;
    // Hundredths of a pixel: float noise must not make a 2 px bucket 1.9999 px.
    const top = hundredths(rowTop(start, count, height));
    marks.push({ top, height: Math.max(1, hundredths(rowTop(end, count, height)) - top), kind: mainKind(kinds), firstRow, calls });
  }
  return marks;
}

function hundredths(value: number): number {
  return Math.round(value * 100) / 100;
}

function mainKind(kinds: Readonly<Record<CallKind, number>>): CallKind {
  if (kinds.error > 0) return 'error';
  let best: CallKind = 'other';
  for (const kind of CALL_KINDS) if (kinds[kind] > kinds[best]) best = kind;
  return best;
}

/** The viewport on the strip: the rows from `first` to `last` (inclusive) on screen, at least 4 px tall. */
export function viewportBand(first: number, last: number, rowCount: number, height: number): { top: number; height: number } | undefined {
  if (rowCount === 0 || first < 0 || last < first) return undefined;
  const top = rowTop(first, rowCount, height);
  const bottom = rowTop(Math.min(rowCount, last + 1), rowCount, height);
  const band = Math.max(4, bottom - top);
  return { top: Math.min(top, Math.max(0, height - band)), height: band };
}
