import type { DiffLineRow } from './diff-rows';

/**
 * For each row of a hunk, the row it is paired with for word marks: a run of removed lines
 * followed at once by a run of added lines is one change, its n-th removed line paired with
 * its n-th added line (as GitHub and `git diff --word-diff` read a replaced block). Lines
 * left over on the longer side, and context, pair with nothing. Pure.
 */
export function changePairs(rows: readonly DiffLineRow[]): (number | undefined)[] {
  const paired: (number | undefined)[] = new Array(rows.length).fill(undefined);
  let index = 0;
  while (index < rows.length) {
    if (rows[index]!.kind !== 'removed') {
      index += 1;
      continue;
    }
    const removedFrom = index;
    while (index < rows.length && rows[index]!.kind === 'removed') index += 1;
    const addedFrom = index;
    while (index < rows.length && rows[index]!.kind === 'added') index += 1;
    const pairs = Math.min(addedFrom - removedFrom, index - addedFrom);
    for (let at = 0; at < pairs; at += 1) {
      paired[removedFrom + at] = addedFrom + at;
      paired[addedFrom + at] = removedFrom + at;
    }
  }
  return paired;
}
