import type { MatchRange } from '@toolcards/protocol';

export interface MarkSegment {
  text: string;
  marked: boolean;
}

/** Splits a line into plain and marked runs; overlapping or touching ranges become one mark. */
export function markSegments(text: string, ranges: readonly MatchRange[]): MarkSegment[] {
  const merged: MatchRange[] = [];
  for (const [rawStart, rawEnd] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const start = Math.max(0, rawStart);
    const end = Math.min(text.length, rawEnd);
    if (end <= start) continue;
    const previous = merged[merged.length - 1];
    if (previous && start <= previous[1]) previous[1] = Math.max(previous[1], end);
    else merged.push([start, end]);
  }

  const segments: MarkSegment[] = [];
  let cursor = 0;
  for (const [start, end] of merged) {
    if (start > cursor) segments.push({ text: text.slice(cursor, start), marked: false });
    segments.push({ text: text.slice(start, end), marked: true });
    cursor = end;
  }
  if (cursor < text.length || segments.length === 0) segments.push({ text: text.slice(cursor), marked: false });
  return segments;
}
