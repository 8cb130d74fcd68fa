import type { ReadResultView } from '@toolcards/protocol';
import { formatCount } from '../frame/count-text';

export interface ReadHeaderText {
  /** "lines 1,200–1,399 of 3,000", or the empty-window sentence. */
  range: string;
  /** Where the file continues past the window, and how many lines the next window asks for. */
  next?: ReadNext;
}

/** The continuation read: the lines after the window, as many as the read tool gives by default at most. */
export interface ReadNext {
  offset: number;
  limit: number;
  /** "Next 736 lines". */
  label: string;
  /** "1,601 more lines": what is left of the file, for a card that cannot ask for it. */
  left: string;
}

/** The read tool's default window: a continuation never asks for more. */
const NEXT_WINDOW_LINES = 2000;

type ReadWindow = Pick<ReadResultView, 'offset' | 'lines' | 'totalLines'>;

export function readHeaderText({ offset, lines, totalLines }: ReadWindow): ReadHeaderText {
  const first = lines[0];
  const last = lines[lines.length - 1];
  if (!first || !last) {
    if (totalLines === 0) return { range: 'empty file' };
    // A byte cap below the first selected line leaves an empty window: say where it started.
    return { range: `no lines shown from offset ${formatCount(offset)} (file has ${countLines(totalLines)})` };
  }
  const range =
    first.number === last.number
      ? `line ${formatCount(first.number)} of ${formatCount(totalLines)}`
      : `lines ${formatCount(first.number)}–${formatCount(last.number)} of ${formatCount(totalLines)}`;
  if (last.number >= totalLines) return { range };
  const limit = Math.min(totalLines - last.number, NEXT_WINDOW_LINES);
  const left = totalLines - last.number;
  return { range, next: { offset: last.number + 1, limit, label: `Next ${countLines(limit)}`, left: `${formatCount(left)} more ${left === 1 ? 'line' : 'lines'}` } };
}

function countLines(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'line' : 'lines'}`;
}
