import { describe, expect, it } from 'vitest';
import { diffSides } from './diff-rows';
import { changePairs } from './change-pairs';
import { splitRows } from './split-rows';

const rowsOf = (lines: string[]) => {
  const oldLines = lines.filter((line) => line[0] !== '+').length;
  const newLines = lines.filter((line) => line[0] !== '-').length;
  return diffSides({ hunks: [{ oldStart: 1, oldLines, newStart: 1, newLines, lines }] }).hunks[0]!.rows;
};

describe('changePairs', () => {
  it('pairs the n-th removed line of a run with the n-th added line after it', () => {
    expect(changePairs(rowsOf([' a', '-b', '-c', '+B', '+C', ' d']))).toEqual([undefined, 3, 4, 1, 2, undefined]);
  });

  it('leaves the longer side’s extra lines, and runs with nothing opposite, unpaired', () => {
    expect(changePairs(rowsOf(['-a', '-b', '+A']))).toEqual([2, undefined, 0]);
    expect(changePairs(rowsOf(['+x', ' c', '-y']))).toEqual([undefined, undefined, undefined]);
  });

  it('does not pair an added run with a removed run that comes after it', () => {
    expect(changePairs(rowsOf(['+a', '-b']))).toEqual([undefined, undefined]);
  });
});

describe('splitRows', () => {
  it('puts context on both sides and a replaced block side by side, the longer side against blanks', () => {
    const split = splitRows(rowsOf([' a', '-b', '-c', '-d', '+B', ' e', '+f']));
    expect(split.map(({ left, right }) => [left?.text ?? null, right?.text ?? null])).toEqual([
      ['a', 'a'],
      ['b', 'B'],
      ['c', null],
      ['d', null],
      ['e', 'e'],
      [null, 'f'],
    ]);
  });

  it('keeps each side’s line numbers', () => {
    const [row] = splitRows(rowsOf(['-b', '+B']));
    expect([row!.left?.kind === 'removed' && row!.left.old, row!.right?.kind === 'added' && row!.right.new]).toEqual([1, 1]);
  });
});
