import { describe, expect, it } from 'vitest';
import type { SearchFileMatches } from '@toolcards/protocol';
import { GROUP_HEADER_PX, itemSize, listHeight, MATCH_ROW_PX, matchListItems, rangeKeeping, ROW_WITH_CONTEXT_PX, runsByGroup, virtualKey } from './search-match-items';

const files: SearchFileMatches[] = [
  { path: 'a.ts', matches: [{ lineNumber: 1, line: 'x' }, { lineNumber: 5, line: 'y' }] },
  { path: 'b.ts', matches: [{ lineNumber: 2, line: 'z' }] },
  { path: 'c.ts', matches: [{ lineNumber: 9, line: 'w' }] },
];

describe('matchListItems', () => {
  it('lists every header, and the rows of open groups under theirs', () => {
    const items = matchListItems(files, [true, false, true], new Set());
    expect(items.map((item) => item.key)).toEqual(['g0', 'g0m0', 'g0m1', 'g1', 'g2', 'g2m0']);
    expect(items[0]).toEqual({ kind: 'header', key: 'g0', group: 0, expanded: true });
    expect(items[3]).toEqual({ kind: 'header', key: 'g1', group: 1, expanded: false });
    expect(items[2]).toEqual({ kind: 'match', key: 'g0m1', parentKey: 'g0', group: 0, match: 1, contextOpen: false, loggedContext: 0 });
  });

  it('marks the rows showing their context', () => {
    const items = matchListItems(files, [true, true, true], new Set(['g1m0']));
    expect(items.filter((item) => item.kind === 'match' && item.contextOpen).map((item) => item.key)).toEqual(['g1m0']);
  });

  it('is empty for no files', () => {
    expect(matchListItems([], [], new Set())).toEqual([]);
  });
});

describe('item sizes and keys', () => {
  const [header, row] = matchListItems(files, [true], new Set());
  const [, withContext] = matchListItems(files, [true], new Set(['g0m0']));

  it('fixes headers and rows, and estimates a row with its context until it is measured', () => {
    expect(itemSize(header)).toBe(GROUP_HEADER_PX);
    expect(itemSize(row)).toBe(MATCH_ROW_PX);
    expect(itemSize(withContext)).toBe(ROW_WITH_CONTEXT_PX);
  });

  it('adds up the list’s height', () => {
    expect(listHeight(matchListItems(files, [true, false, true], new Set()))).toBe(3 * GROUP_HEADER_PX + 3 * MATCH_ROW_PX);
    expect(listHeight([])).toBe(0);
  });

  it('keys a row with its context apart, so its measured height goes when the context closes', () => {
    expect(virtualKey(row, 1)).toBe('g0m0');
    expect(virtualKey(withContext, 1)).toBe('g0m0+context');
    expect(virtualKey(header, 0)).toBe('g0');
    expect(virtualKey(undefined, 7)).toBe('7');
  });
});

describe('rangeKeeping', () => {
  it('adds the kept index in order, once', () => {
    expect(rangeKeeping([4, 5, 6], 20)).toEqual([4, 5, 6, 20]);
    expect(rangeKeeping([4, 5, 6], 1)).toEqual([1, 4, 5, 6]);
    expect(rangeKeeping([4, 5, 6], 5)).toEqual([4, 5, 6]);
    expect(rangeKeeping([4, 5, 6], undefined)).toEqual([4, 5, 6]);
  });
});

describe('runsByGroup', () => {
  const items = matchListItems(files, [true, false, true], new Set());
  const at = (index: number) => ({ index, start: index * 10 });

  it('groups rendered items by file, header first when it is rendered', () => {
    const runs = runsByGroup([0, 1, 2, 3, 4, 5].map(at), items);
    expect(runs.map((run) => [run.group, run.header?.index, run.rows.map((row) => row.at.index)])).toEqual([
      [0, 0, [1, 2]],
      [1, 3, []],
      [2, 4, [5]],
    ]);
  });

  it('keeps a group whose header scrolled away, and a kept item far from the rest', () => {
    const runs = runsByGroup([2, 3, 5].map(at), items);
    expect(runs.map((run) => [run.group, run.header?.index, run.rows.map((row) => row.item.key)])).toEqual([
      [0, undefined, ['g0m1']],
      [1, 3, []],
      [2, undefined, ['g2m0']],
    ]);
  });
});
