import type { HighlightedLine, WindowLines } from './highlighted-line';

/**
 * Tokens a card takes into its rows at a time, a frame apart: colour for lines of minified
 * code (hundreds of tokens each) is drawn over a few frames instead of in one long task,
 * and another card's colour gets in between. A normal screenful of code is one batch.
 */
export const TOKENS_PER_BATCH = 1_000;

/**
 * The next batch of colour for a card showing `applied`: the lines of `arrived` it lacks, in
 * order, until their tokens reach `budget` (one line at least). `rest`: lines still wait.
 * Nothing new: `applied` itself, so a state holding it does not change.
 */
export function nextColourBatch(applied: WindowLines, arrived: WindowLines, budget = TOKENS_PER_BATCH): { lines: WindowLines; rest: boolean } {
  let next: (HighlightedLine | undefined)[] | undefined;
  let spent = 0;
  for (let index = 0; index < arrived.length; index += 1) {
    const line = arrived[index];
    if (line === undefined || line === applied[index]) continue;
    if (next !== undefined && spent >= budget) return { lines: next, rest: true };
    next ??= Array.from({ length: arrived.length }, (_, at) => applied[at]);
    next[index] = line;
    spent += line.length;
  }
  return { lines: next ?? applied, rest: false };
}
