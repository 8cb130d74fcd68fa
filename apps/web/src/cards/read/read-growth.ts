import type { FileLinesResponse, ReadFileLine, ReadResultView } from '@toolcards/protocol';

/** Lines added around a read card's window, from the file as it is now (not part of the agent's read). */
export interface ReadGrowth {
  above: readonly ReadFileLine[];
  below: readonly ReadFileLine[];
  /** From the latest answer: the file may have grown or shrunk since the read. */
  totalLines: number;
  /** An answer showed the file is not the one the agent read (mtime or size differ). */
  fileChanged: boolean;
}

/** Lines added to a card per click: a screenful, the way code views expand. */
export const GROW_STEP_LINES = 50;

export function initialGrowth(view: ReadResultView): ReadGrowth {
  return { above: [], below: [], totalLines: view.totalLines, fileChanged: false };
}

/** First and last line numbers shown (the read's own window when nothing was added). */
export function shownEdges(view: ReadResultView, growth: ReadGrowth): { first: number; last: number } {
  const first = growth.above[0]?.number ?? view.lines[0]?.number ?? view.offset;
  const last = growth.below.at(-1)?.number ?? view.lines.at(-1)?.number ?? view.offset - 1;
  return { first, last };
}

/** Lines there are above the shown ones, and below (by the latest count). */
export function linesBeyond(view: ReadResultView, growth: ReadGrowth): { above: number; below: number } {
  const { first, last } = shownEdges(view, growth);
  return { above: Math.max(0, first - 1), below: Math.max(0, growth.totalLines - last) };
}

/** Every line the card shows, in order, and where the agent's own lines sit among them. */
export function shownLines(view: ReadResultView, growth: ReadGrowth): { lines: readonly ReadFileLine[]; readFrom: number; readTo: number } {
  if (growth.above.length === 0 && growth.below.length === 0) return { lines: view.lines, readFrom: 0, readTo: view.lines.length };
  return {
    lines: [...growth.above, ...view.lines, ...growth.below],
    readFrom: growth.above.length,
    readTo: growth.above.length + view.lines.length,
  };
}

/** Does an answer describe another file than the one read? Unknown (an old log) counts as no. */
export function answerDiffers(view: ReadResultView, answer: Pick<FileLinesResponse, 'mtimeMs' | 'size'>): boolean {
  if (view.mtimeMs === undefined || view.size === undefined) return false;
  return view.mtimeMs !== answer.mtimeMs || view.size !== answer.size;
}

/**
 * Fetches the `count` lines just above line `first` (fewer at the top of the file). The read
 * tool's byte cap may answer with fewer lines than asked: it asks again from where the answer
 * stopped, so what is added always ends right above `first`, without a hole.
 */
export async function fetchAbove(
  fetchLines: (offset: number, limit: number) => Promise<FileLinesResponse>,
  first: number,
  count: number,
): Promise<{ lines: ReadFileLine[]; answer: FileLinesResponse } | undefined> {
  const start = Math.max(1, first - count);
  if (start >= first) return undefined;
  const lines: ReadFileLine[] = [];
  let next = start;
  let answer: FileLinesResponse | undefined;
  while (next < first) {
    answer = await fetchLines(next, first - next);
    const usable = answer.lines.filter((line) => line.number >= next && line.number < first);
    if (usable.length === 0) break;
    lines.push(...usable);
    next = usable.at(-1)!.number + 1;
  }
  // A hole (the file shrank under us): keep only the run that ends at `first`.
  const run = contiguousEndingAt(lines, first - 1);
  return answer === undefined || run.length === 0 ? undefined : { lines: run, answer };
}

/** The `count` lines just below line `last`; whatever comes back is contiguous from `last + 1`. */
export async function fetchBelow(
  fetchLines: (offset: number, limit: number) => Promise<FileLinesResponse>,
  last: number,
  count: number,
): Promise<{ lines: ReadFileLine[]; answer: FileLinesResponse }> {
  const answer = await fetchLines(last + 1, count);
  const lines: ReadFileLine[] = [];
  for (const line of answer.lines) {
    if (line.number !== last + 1 + lines.length) break;
    lines.push(line);
  }
  return { lines, answer };
}

function contiguousEndingAt(lines: readonly ReadFileLine[], end: number): ReadFileLine[] {
  let index = lines.length - 1;
  if (lines[index]?.number !== end) return [];
  while (index > 0 && lines[index - 1]!.number === lines[index]!.number - 1) index -= 1;
  return lines.slice(index);
}
