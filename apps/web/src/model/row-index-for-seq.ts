import type { TimelineRow } from './timeline-row';

/**
 * The row that holds the event `seq`, in rows ordered by the seq they start at: the row it
 * starts (a message, a call, a turn end), else the tool row its result completed, else the
 * last row starting before it (for a streamed message's later text, most often its message:
 * links point at cards, so that case only needs to land nearby). Undefined before the first row.
 */
export function rowIndexForSeq(rows: readonly TimelineRow[], seq: number): number | undefined {
  // The last row starting at or before seq (rows start at increasing seqs).
  let low = 0;
  let high = rows.length - 1;
  let floor = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (rows[middle]!.seq <= seq) {
      floor = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  if (floor >= 0 && rows[floor]!.seq === seq) return floor;
  // A result lands on its call's row, which may start long before it.
  for (let index = floor; index >= 0; index -= 1) {
    const row = rows[index]!;
    if (row.kind === 'tool' && row.result?.seq === seq) return index;
  }
  return floor >= 0 ? floor : undefined;
}

/** The row starts at `seq` or is completed by it (a tool row's call or result). */
export function rowHoldsSeq(row: TimelineRow, seq: number): boolean {
  return row.seq === seq || (row.kind === 'tool' && row.result?.seq === seq);
}
