import { structuredPatch } from 'diff';
import type { DiffHunk, ReadFileLine } from '@toolcards/protocol';

/** Lines of context kept around each change, as `diff -u` does. */
const CONTEXT_LINES = 3;

/**
 * The unified diff between the window the agent read and the same lines now, as hunks
 * numbered with the file's own line numbers (what the diff card's hunk view draws). Empty
 * when they are the same. Pure.
 */
export function readDiffHunks(before: readonly ReadFileLine[], after: readonly ReadFileLine[]): DiffHunk[] {
  const firstBefore = before[0]?.number ?? 1;
  const firstAfter = after[0]?.number ?? firstBefore;
  // A newline after each line, so the last one is not reported as "no newline at end".
  const text = (lines: readonly ReadFileLine[]) => lines.map((line) => `${line.text}\n`).join('');
  const patch = structuredPatch('read', 'now', text(before), text(after), undefined, undefined, { context: CONTEXT_LINES });
  return patch.hunks.map((hunk) => ({
    oldStart: hunk.oldStart + firstBefore - 1,
    oldLines: hunk.oldLines,
    newStart: hunk.newStart + firstAfter - 1,
    newLines: hunk.newLines,
    lines: hunk.lines,
  }));
}
