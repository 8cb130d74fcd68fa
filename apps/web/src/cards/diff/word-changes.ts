import { diffWordsWithSpace } from 'diff';

/** `[start, end)` in UTF-16 units of a line. */
export type TextRange = readonly [number, number];

export interface WordChanges {
  /** What the old line had that the new one lost. */
  removed: TextRange[];
  /** What the new line has that the old one did not. */
  added: TextRange[];
}

/** Longer lines are not compared word by word: the marks would cost more than they tell. */
export const WORD_MARKS_MAX_CHARS = 1_000;
/** Below this share of unchanged characters the lines are different lines, not an edited one: no marks. */
const MIN_KEPT_SHARE = 0.4;

/**
 * The words that differ between a removed line and the added line paired with it (jsdiff's
 * word diff, whitespace included, so the ranges tile each line). Undefined when there is
 * nothing worth marking: the lines are equal, too long, or mostly different. Pure; this
 * module brings jsdiff, so cards import it when they first need marks.
 */
export function wordChanges(before: string, after: string): WordChanges | undefined {
  if (before === after || before.length > WORD_MARKS_MAX_CHARS || after.length > WORD_MARKS_MAX_CHARS) return undefined;
  const removed: [number, number][] = [];
  const added: [number, number][] = [];
  let beforeAt = 0;
  let afterAt = 0;
  let kept = 0;
  for (const change of diffWordsWithSpace(before, after)) {
    const length = change.value.length;
    if (change.removed) {
      push(removed, beforeAt, beforeAt + length);
      beforeAt += length;
    } else if (change.added) {
      push(added, afterAt, afterAt + length);
      afterAt += length;
    } else {
      kept += length;
      beforeAt += length;
      afterAt += length;
    }
  }
  if (kept < MIN_KEPT_SHARE * Math.max(before.length, after.length)) return undefined;
  return { removed, added };
}

/** Adds a range, joined to the last one when they touch. */
function push(ranges: [number, number][], start: number, end: number): void {
  const last = ranges.at(-1);
  if (last && last[1] === start) last[1] = end;
  else ranges.push([start, end]);
}
