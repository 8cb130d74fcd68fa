import type { SearchFileMatches } from '@toolcards/protocol';

/**
 * Which groups start open: groups in order while their rows fit the budget, and always the
 * first, so a small result shows every match and a 250-match result opens as a file list.
 */
export function initiallyExpandedGroups(files: readonly SearchFileMatches[], rowBudget = 50): boolean[] {
  let rows = 0;
  let open = true;
  return files.map((file, index) => {
    rows += file.matches.length;
    if (index > 0 && rows > rowBudget) open = false;
    return open;
  });
}
