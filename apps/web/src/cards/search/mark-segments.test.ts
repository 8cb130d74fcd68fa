import { describe, expect, it } from 'vitest';
import { markSegments } from './mark-segments';

describe('markSegments', () => {
  it('splits plain and marked runs', () => {
    expect(markSegments('const foo = foo', [[6, 9], [12, 15]])).toEqual([
      { text: 'const ', marked: false },
      { text: 'foo', marked: true },
      { text: ' = ', marked: false },
      { text: 'foo', marked: true },
    ]);
  });

  it('merges overlapping and touching ranges, in any order', () => {
    expect(markSegments('abcdef', [[3, 5], [1, 3], [2, 4]])).toEqual([
      { text: 'a', marked: false },
      { text: 'bcde', marked: true },
      { text: 'f', marked: false },
    ]);
  });

  it('ignores empty and out-of-line ranges', () => {
    expect(markSegments('abc', [[1, 1], [5, 9]])).toEqual([{ text: 'abc', marked: false }]);
    expect(markSegments('abc', [[2, 9]])).toEqual([
      { text: 'ab', marked: false },
      { text: 'c', marked: true },
    ]);
  });

  it('keeps one empty plain segment for an empty line', () => {
    expect(markSegments('', [])).toEqual([{ text: '', marked: false }]);
  });
});
