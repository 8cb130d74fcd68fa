/**
 * Find in session's hits for the strip: the row index of each hit, published by the find bar
 * as it finds them (one bar per page, so one list), none once it closes. No React here: the
 * bar loads on its first opening and only calls `publishFindHitRows`.
 */
let hitRows: readonly number[] = [];
const listeners = new Set<() => void>();

export function publishFindHitRows(hits: readonly { rowIndex: number }[]): void {
  const rows: number[] = [];
  for (const hit of hits) if (rows.at(-1) !== hit.rowIndex) rows.push(hit.rowIndex);
  if (rows.length === 0 && hitRows.length === 0) return;
  hitRows = rows;
  for (const listener of listeners) listener();
}

export function subscribeFindHitRows(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function findHitRows(): readonly number[] {
  return hitRows;
}
