import { describe, expect, it } from 'vitest';
import type { DiffHunk } from '@toolcards/protocol';
import { diffSides } from './diff-rows';
import { diffItems, type DiffItem } from './diff-items';

const hunk = (oldStart: number, oldLines: number, newStart: number, newLines: number, lines: string[]): DiffHunk => ({ oldStart, oldLines, newStart, newLines, lines });
const context = (count: number, from = 0) => Array.from({ length: count }, (_, at) => ` c${from + at}`);
const kinds = (items: readonly DiffItem[]) => items.map((item) => (item.kind === 'fold' || item.kind === 'gap' ? `${item.kind}:${item.count}` : item.kind));

describe('diffItems', () => {
  it('folds a long run of context inside a hunk, keeping three lines next to each change', () => {
    const lines = ['-a', '+A', ...context(10), '-b', '+B'];
    const { items } = diffItems(diffSides({ hunks: [hunk(1, 12, 1, 12, lines)] }), 'modified', 'unified');
    expect(kinds(items)).toEqual(['hunk', 'line', 'line', 'line', 'line', 'line', 'fold:4', 'line', 'line', 'line', 'line', 'line']);
  });

  it('folds the context at a hunk’s edges except the three lines next to the change', () => {
    const lines = [...context(8), '-a', '+A', ...context(8, 8)];
    const { items } = diffItems(diffSides({ hunks: [hunk(1, 17, 1, 17, lines)] }), 'modified', 'unified');
    expect(kinds(items)).toEqual(['hunk', 'fold:5', 'line', 'line', 'line', 'line', 'line', 'line', 'line', 'line', 'fold:5']);
  });

  it('leaves short runs whole, and a fold the reader opened open', () => {
    const short = diffItems(diffSides({ hunks: [hunk(1, 7, 1, 7, [...context(3), '-a', '+A', ...context(3, 3)])] }), 'modified', 'unified');
    expect(short.items.some((item) => item.kind === 'fold')).toBe(false);
    const sides = diffSides({ hunks: [hunk(1, 12, 1, 12, ['-a', '+A', ...context(10), '-b', '+B'])] });
    const fold = diffItems(sides, 'modified', 'unified').items.find((item) => item.kind === 'fold')!;
    const opened = diffItems(sides, 'modified', 'unified', { openFolds: new Set([fold.key]), gapLines: new Map() });
    expect(opened.items.filter((item) => item.kind === 'line')).toHaveLength(14);
  });

  it('has a gap of the unchanged lines before and between hunks, from the file now when loaded', () => {
    const sides = diffSides({ hunks: [hunk(5, 1, 5, 1, ['-a', '+A']), hunk(20, 1, 21, 2, [' x', '+y'])] });
    const closed = diffItems(sides, 'modified', 'unified').items.filter((item) => item.kind === 'gap');
    expect(closed.map((gap) => [gap.count, gap.oldFrom, gap.newFrom, gap.loadable])).toEqual([
      [4, 1, 1, true],
      [15, 6, 6, true],
    ]);
    const loaded = [{ number: 6, text: 'six' }, { number: 7, text: 'seven' }];
    const { items, fileLineTexts } = diffItems(sides, 'modified', 'unified', { openFolds: new Set(), gapLines: new Map([[1, loaded]]) });
    const afterFirst = items.slice(items.findIndex((item) => item.key === 'r0:1') + 1);
    expect(afterFirst.slice(0, 3).map((item) => (item.kind === 'file-line' ? [item.old, item.new, item.text] : kinds([item])[0]))).toEqual([
      [6, 6, 'six'],
      [7, 7, 'seven'],
      'gap:13',
    ]);
    expect(fileLineTexts).toEqual(['six', 'seven']);
  });

  it('has a gap after the last hunk when the file’s length now is known', () => {
    const sides = diffSides({ hunks: [hunk(5, 1, 5, 1, ['-a', '+A'])] });
    expect(diffItems(sides, 'modified', 'unified').items.at(-1)?.kind).toBe('line');
    const trailing = diffItems(sides, 'modified', 'unified', undefined, 12).items.at(-1);
    expect(trailing).toMatchObject({ kind: 'gap', gapIndex: 1, count: 7, oldFrom: 6, newFrom: 6 });
    expect(diffItems(sides, 'modified', 'unified', undefined, 5).items.at(-1)?.kind).toBe('line');
  });

  it('cannot load a gap of an added or deleted file: the other side does not exist', () => {
    const sides = diffSides({ hunks: [hunk(3, 1, 0, 0, ['-a'])] });
    expect(diffItems(sides, 'deleted', 'unified').items.find((item) => item.kind === 'gap')).toMatchObject({ loadable: false, count: 2 });
  });

  it('pairs a changed line with its counterpart for word marks (unified) or side by side (split)', () => {
    const sides = diffSides({ hunks: [hunk(1, 2, 1, 2, [' a', '-b', '+B'])] });
    const unified = diffItems(sides, 'modified', 'unified').items;
    expect(unified.find((item) => item.kind === 'line' && item.row.kind === 'removed')).toMatchObject({ pair: { kind: 'added', text: 'B' } });
    const split = diffItems(sides, 'modified', 'split').items.filter((item) => item.kind === 'pair');
    expect(split.map((item) => (item.kind === 'pair' ? [item.split.left?.text, item.split.right?.text] : []))).toEqual([
      ['a', 'a'],
      ['b', 'B'],
    ]);
  });

  it('gives every item a key of its own', () => {
    const sides = diffSides({ hunks: [hunk(5, 12, 5, 12, ['-a', '+A', ...context(10), '-b', '+B']), hunk(40, 1, 40, 1, ['-z', '+Z'])] });
    for (const layout of ['unified', 'split'] as const) {
      const keys = diffItems(sides, 'modified', layout).items.map((item) => item.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});
