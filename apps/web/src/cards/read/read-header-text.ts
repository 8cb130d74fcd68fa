import type { ReadResultView } from '@toolcards/protocol';
import { formatCount } from '../frame/count-text';

export interface ReadHeaderText {
  /** "lines 1,200–1,399 of 3,000", or the empty-window sentence. */
  range: string;
  /** "next: offset=1400" when the file continues past the window. */
  next?: string;
}

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
  // The hint is the read tool's own argument, so it is written as the tool takes it: no grouping.
  return last.number < totalLines ? { range, next: `next: offset=${last.number + 1}` } : { range };
}

function countLines(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'line' : 'lines'}`;
}
