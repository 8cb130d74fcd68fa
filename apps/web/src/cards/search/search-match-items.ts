import type { SearchFileMatches } from '@toolcards/protocol';
import type { RovingItem } from './roving-focus';

/**
 * The search card's match groups as one flat list of group headers and match rows — what
 * the virtualizer places and the arrow keys move over. Plain data: the component renders it.
 */

/** Item heights in px; cards.css holds the header and the row to them, so only rows with their context open are measured. */
export const GROUP_HEADER_PX = 28;
export const MATCH_ROW_PX = 20;
/** A row with its context open, until measured: the row, 7 context lines of 18 px, borders and margin. */
export const ROW_WITH_CONTEXT_PX = MATCH_ROW_PX + 7 * 18 + 2 + 4;

export type MatchListItem =
  | (RovingItem & { kind: 'header'; group: number })
  | (RovingItem & { kind: 'match'; group: number; match: number; contextOpen: boolean; loggedContext: number });

export const groupKey = (group: number) => `g${group}`;
export const matchKey = (group: number, match: number) => `g${group}m${match}`;

/** Every header, and the rows of the open groups under theirs; `contexts` holds the keys of rows showing their context. */
export function matchListItems(files: readonly SearchFileMatches[], expanded: readonly boolean[], contexts: ReadonlySet<string>): MatchListItem[] {
  const items: MatchListItem[] = [];
  files.forEach((file, group) => {
    const isOpen = expanded[group] === true;
    items.push({ kind: 'header', key: groupKey(group), group, expanded: isOpen });
    if (!isOpen) return;
    for (let match = 0; match < file.matches.length; match += 1) {
      const key = matchKey(group, match);
      const loggedContext = file.matches[match]!.context?.length ?? 0;
      items.push({ kind: 'match', key, parentKey: groupKey(group), group, match, contextOpen: contexts.has(key), loggedContext });
    }
  });
  return items;
}

/** The whole list's height before measuring. */
export function listHeight(items: readonly MatchListItem[]): number {
  return items.reduce((height, item) => height + itemSize(item), 0);
}

/** The item's height before (or without) measuring. */
export function itemSize(item: MatchListItem | undefined): number {
  if (item === undefined || item.kind === 'header') return GROUP_HEADER_PX;
  // The lines a search printed around the match (grep -C) are rows of the match's height.
  const logged = item.loggedContext * MATCH_ROW_PX;
  return (item.contextOpen ? ROW_WITH_CONTEXT_PX : MATCH_ROW_PX) + logged;
}

/**
 * The virtualizer's key: a row with its context open is another item to it, so the height
 * measured with the context never outlives the context (the row's React key stays the same).
 */
export function virtualKey(item: MatchListItem | undefined, index: number): string {
  if (item === undefined) return String(index);
  return item.kind === 'match' && item.contextOpen ? `${item.key}+context` : item.key;
}

/** The virtualizer's range plus `keep` (the row holding the tab stop), ascending: it stays mounted while scrolled away. */
export function rangeKeeping(indexes: readonly number[], keep: number | undefined): number[] {
  if (keep === undefined || indexes.includes(keep)) return [...indexes];
  return [...indexes, keep].sort((a, b) => a - b);
}

export interface GroupRun<T> {
  group: number;
  header: T | undefined;
  rows: { item: Extract<MatchListItem, { kind: 'match' }>; at: T }[];
}

/** Rendered items (ascending index) grouped by file, so each group keeps its own list element. */
export function runsByGroup<T extends { index: number }>(rendered: readonly T[], items: readonly MatchListItem[]): GroupRun<T>[] {
  const runs: GroupRun<T>[] = [];
  for (const at of rendered) {
    const item = items[at.index];
    if (item === undefined) continue;
    let run = runs.at(-1);
    if (run === undefined || run.group !== item.group) {
      run = { group: item.group, header: undefined, rows: [] };
      runs.push(run);
    }
    if (item.kind === 'header') run.header = at;
    else run.rows.push({ item, at });
  }
  return runs;
}
