import { structuredPatch } from 'diff';
import type { ReadFileLine } from '@toolcards/protocol';

export type ReadDiffRow =
  | { kind: 'hunk'; text: string }
  | { kind: 'same'; before: number; after: number; text: string }
  | { kind: 'removed'; before: number; text: string }
  | { kind: 'added'; after: number; text: string };

/** Lines of context kept around each change, as `diff -u` does. */
const CONTEXT_LINES = 3;

/**
 * The unified diff between the window the agent read and the same lines now, with file
 * line numbers on both sides. Empty when they are the same. Pure.
 */
export function readDiffRows(before: readonly ReadFileLine[], after: readonly ReadFileLine[]): ReadDiffRow[] {
  const firstBefore = before[0]?.number ?? 1;
  const firstAfter = after[0]?.number ?? firstBefore;
  // A newline after each line, so the last one is not reported as "no newline at end".
  const text = (lines: readonly ReadFileLine[]) => lines.map((line) => `${line.text}\n`).join('');
  const patch = structuredPatch('read', 'now', text(before), text(after), undefined, undefined, { context: CONTEXT_LINES });
  const rows: ReadDiffRow[] = [];
  for (const hunk of patch.hunks) {
    let beforeNumber = hunk.oldStart + firstBefore - 1;
    let afterNumber = hunk.newStart + firstAfter - 1;
    // An empty side starts "at" the line before it (diff's convention): number from where the lines are.
    if (hunk.oldLines === 0) beforeNumber += 1;
    if (hunk.newLines === 0) afterNumber += 1;
    rows.push({ kind: 'hunk', text: `@@ -${beforeNumber},${hunk.oldLines} +${afterNumber},${hunk.newLines} @@` });
    for (const line of hunk.lines) {
      const body = line.slice(1);
      switch (line[0]) {
        case '-':
          rows.push({ kind: 'removed', before: beforeNumber, text: body });
          beforeNumber += 1;
          break;
        case '+':
          rows.push({ kind: 'added', after: afterNumber, text: body });
          afterNumber += 1;
          break;
        case ' ':
          rows.push({ kind: 'same', before: beforeNumber, after: afterNumber, text: body });
          beforeNumber += 1;
          afterNumber += 1;
          break;
        default:
          // "\ No newline at end of file": cannot happen with the newlines added above.
          break;
      }
    }
  }
  return rows;
}
