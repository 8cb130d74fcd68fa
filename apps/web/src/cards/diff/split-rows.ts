import type { DiffLineRow } from './diff-rows';

/** A row of the split view: the old side on the left, the new side on the right. */
export interface SplitRow {
  left?: Extract<DiffLineRow, { kind: 'context' | 'removed' }>;
  right?: Extract<DiffLineRow, { kind: 'context' | 'added' }>;
}

/**
 * Hunk rows → side-by-side rows: context on both sides; a run of removed lines and the run
 * of added lines after it side by side, line for line, the longer side's rest against a
 * blank. An added run with no removed run before it has a blank left side. Pure.
 */
export function splitRows(rows: readonly DiffLineRow[]): SplitRow[] {
  const split: SplitRow[] = [];
  let index = 0;
  while (index < rows.length) {
    const row = rows[index]!;
    if (row.kind === 'context') {
      split.push({ left: row, right: row });
      index += 1;
      continue;
    }
    const removed: Extract<DiffLineRow, { kind: 'removed' }>[] = [];
    const added: Extract<DiffLineRow, { kind: 'added' }>[] = [];
    while (index < rows.length && rows[index]!.kind === 'removed') removed.push(rows[index++] as Extract<DiffLineRow, { kind: 'removed' }>);
    while (index < rows.length && rows[index]!.kind === 'added') added.push(rows[index++] as Extract<DiffLineRow, { kind: 'added' }>);
    for (let at = 0; at < Math.max(removed.length, added.length); at += 1) {
      const left = removed[at];
      const right = added[at];
      split.push({ ...(left ? { left } : {}), ...(right ? { right } : {}) });
    }
  }
  return split;
}
