import type { SeenLineRange } from '@toolcards/protocol';

/**
 * Read coverage as plain arithmetic on line ranges (`[first, last]`, both included). A
 * merged list is sorted, disjoint and never has two ranges that touch: [1, 4] and [5, 9]
 * are one range, [1, 9].
 */

/** The runs of consecutive numbers in ascending line numbers: what a read window really holds (a byte cap may stop it early). */
export function runsOfLines(numbers: readonly number[]): SeenLineRange[] {
  const runs: SeenLineRange[] = [];
  let first: number | undefined;
  let last = 0;
  for (const number of numbers) {
    if (first !== undefined && number === last + 1) {
      last = number;
      continue;
    }
    if (first !== undefined) runs.push([first, last]);
    first = number;
    last = number;
  }
  if (first !== undefined) runs.push([first, last]);
  return runs;
}

/** `merged` with `range` added, still merged (a new array; `merged` is not changed). */
export function withLineRange(merged: readonly SeenLineRange[], range: SeenLineRange): SeenLineRange[] {
  let [first, last] = range;
  // Ranges wholly before the new one (and not touching it) stay; so do those wholly after.
  let low = 0;
  while (low < merged.length && merged[low]![1] < first - 1) low += 1;
  let high = low;
  while (high < merged.length && merged[high]![0] <= last + 1) {
    first = Math.min(first, merged[high]![0]);
    last = Math.max(last, merged[high]![1]);
    high += 1;
  }
  return [...merged.slice(0, low), [first, last], ...merged.slice(high)];
}

/** The union of any ranges, merged. */
export function mergeLineRanges(ranges: Iterable<SeenLineRange>): SeenLineRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [first, last] of sorted) {
    const previous = merged[merged.length - 1];
    if (previous !== undefined && first <= previous[1] + 1) previous[1] = Math.max(previous[1], last);
    else merged.push([first, last]);
  }
  return merged;
}

/** Lines of a merged list that lie within 1..`totalLines` (a file that shrank since an earlier read has fewer). */
export function linesWithin(merged: readonly SeenLineRange[], totalLines: number): number {
  let lines = 0;
  for (const [first, last] of merged) {
    if (first > totalLines) break;
    lines += Math.min(last, totalLines) - first + 1;
  }
  return lines;
}

/**
 * `linesSeen` of `totalLines` as a percentage, rounded down to a tenth: 199 of 200 lines is
 * 99.5, never 100, which means every line. An empty file read is wholly seen.
 */
export function percentSeen(linesSeen: number, totalLines: number): number {
  if (totalLines <= 0) return 100;
  return Math.floor((Math.min(linesSeen, totalLines) * 1000) / totalLines) / 10;
}
