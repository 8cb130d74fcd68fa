import { FIRST_CHUNK_LINES } from '../../highlight/highlight-chunks';
import type { HighlightedLine, WindowLines } from '../../highlight/highlighted-line';

/**
 * The highlight worker runs the newest window first, whole: of a file's two sides, the one
 * asked for last would colour all its lines before the other's first rows. So each long side
 * is first asked for as its head — its first lines, the same grammar state from the same first
 * line, so the same tokens — and the full sides only once both heads are coloured: the rows on
 * screen get both sides' colours after two small windows (asked for at once, the worker took
 * the full sides' thousands of lines off the wire before it reached the second head). Pure.
 */
// One chunk of the worker (more than the preview's 22 rows show of a side): a head of two chunks
// would have the worker hand over, and the page render, the first head twice before the second starts.
export const SIDE_HEAD_LINES = FIRST_CHUNK_LINES;

const NO_HEAD: readonly string[] = [];

/** The head to ask for separately: none for a side short enough to be quick whole. */
export function sideHead(texts: readonly string[]): readonly string[] {
  return texts.length > SIDE_HEAD_LINES * 2 ? texts.slice(0, SIDE_HEAD_LINES) : NO_HEAD;
}

/** A side's tokens: the full window's where they arrived, else the head's. */
export function withHead(full: WindowLines, head: WindowLines): WindowLines {
  if (head.length === 0 || head.every((line, index) => line === undefined || full[index] !== undefined)) return full;
  const merged: (HighlightedLine | undefined)[] = full.slice();
  for (let index = 0; index < head.length; index += 1) merged[index] ??= head[index];
  return merged;
}

/** Whether a head has all its colours (a side without a head has nothing to wait for). */
export function headColoured(head: readonly string[], tokens: WindowLines): boolean {
  if (head.length === 0) return true;
  for (let index = 0; index < head.length; index += 1) if (tokens[index] === undefined) return false;
  return true;
}
