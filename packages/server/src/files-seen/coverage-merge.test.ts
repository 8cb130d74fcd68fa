import { describe, expect, it } from 'vitest';
import { linesWithin, mergeLineRanges, percentSeen, runsOfLines, withLineRange } from './coverage-merge';

describe('runsOfLines', () => {
  it('makes one range of a window and several of a window with holes', () => {
    expect(runsOfLines([])).toEqual([]);
    expect(runsOfLines([7])).toEqual([[7, 7]]);
    expect(runsOfLines([1, 2, 3, 4])).toEqual([[1, 4]]);
    expect(runsOfLines([1, 2, 5, 6, 9])).toEqual([[1, 2], [5, 6], [9, 9]]);
  });
});

describe('withLineRange', () => {
  it('keeps ranges sorted, merging overlaps and ranges that touch', () => {
    expect(withLineRange([], [5, 9])).toEqual([[5, 9]]);
    expect(withLineRange([[5, 9]], [1, 3])).toEqual([[1, 3], [5, 9]]);
    expect(withLineRange([[5, 9]], [1, 4])).toEqual([[1, 9]]);
    expect(withLineRange([[5, 9]], [10, 12])).toEqual([[5, 12]]);
    expect(withLineRange([[5, 9]], [11, 12])).toEqual([[5, 9], [11, 12]]);
    expect(withLineRange([[1, 2], [5, 6], [9, 10], [20, 30]], [3, 9])).toEqual([[1, 10], [20, 30]]);
    expect(withLineRange([[1, 40]], [10, 20])).toEqual([[1, 40]]);
  });

  it('does not change the list it is given', () => {
    const merged: [number, number][] = [[1, 2]];
    withLineRange(merged, [3, 4]);
    expect(merged).toEqual([[1, 2]]);
  });
});

describe('mergeLineRanges', () => {
  it('merges any ranges in any order', () => {
    expect(mergeLineRanges([[90, 120], [1, 40], [30, 41], [42, 42]])).toEqual([[1, 42], [90, 120]]);
  });
});

describe('linesWithin and percentSeen', () => {
  it('counts the lines read that the file still has', () => {
    expect(linesWithin([[1, 40], [90, 120]], 200)).toBe(71);
    expect(linesWithin([[1, 40], [90, 120]], 100)).toBe(51);
    expect(linesWithin([[150, 160]], 100)).toBe(0);
  });

  it('rounds down to a tenth, so only every line is 100%', () => {
    expect(percentSeen(70, 200)).toBe(35);
    expect(percentSeen(1, 3)).toBe(33.3);
    expect(percentSeen(199, 200)).toBe(99.5);
    expect(percentSeen(1999, 2000)).toBe(99.9);
    expect(percentSeen(19999, 20000)).toBe(99.9);
    expect(percentSeen(200, 200)).toBe(100);
    expect(percentSeen(0, 0)).toBe(100);
  });
});
