import type { DiffLineRow } from './diff-rows';

/**
 * For each row of a hunk, the row it is paired with for word marks: a run of removed lines
 * followed at once by a run of added lines is one change, its n-th removed line paired with
 * its n-th added line (as GitHub and `git diff --word-diff` read a replaced block). Lines
 * left over on the longer side, and context, pair with nothing. Pure.
 */
export function changePairs(rows: readonly DiffLineRow[], from = 0, to = rows.length): (number | undefined)[] {
  // Indexes into `rows`; the result is indexed from `from` (its n-th entry is rows[from + n]'s pair).
  const paired: (number | undefined)[] = new Array(to - from).fill(undefined);
  let index = from;
  while (index < to) {
    if (rows[index]!.kind !== 'removed') {
      index += 1;
      continue;
    }
    const removedFrom = index;
    while (index < to && rows[index]!.kind === 'removed') index += 1;
    const addedFrom = index;
    while (index < to && rows[index]!.kind === 'added') index += 1;
    const pairs = Math.min(addedFrom - removedFrom, index - addedFrom);
    for (let at = 0; at < pairs; at += 1) {
      paired[removedFrom + at - from] = addedFrom + at;
      paired[addedFrom + at - from] = removedFrom + at;
    }
  }
  return paired;
}
