import { describe, expect, it } from 'vitest';
import { widestColumns } from './code-columns';

describe('widestColumns', () => {
  it('is the longest line in characters', () => {
    expect(widestColumns(['ab', 'abcde', ''])).toBe(5);
    expect(widestColumns([])).toBe(0);
  });

  it('advances tabs to the next stop', () => {
    expect(widestColumns(['\tx'])).toBe(5);
    expect(widestColumns(['ab\tx'], 4)).toBe(5);
  });

  it('counts wide characters and emoji as two columns, surrogate pairs as one character', () => {
    expect(widestColumns(['漢字'])).toBe(4);
    expect(widestColumns(['😀a'])).toBe(3);
  });

  it('counts an escaped character as the width of its chip', () => {
    expect(widestColumns(['a\u202Eb'])).toBe(8);
    expect(widestColumns(['x\u{E0041}'])).toBe(8);
  });
});
