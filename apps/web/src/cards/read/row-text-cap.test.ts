import { describe, expect, it } from 'vitest';
import { ROW_TEXT_MAX_CHARS, shownLength, tokensUpTo } from './row-text-cap';

describe('shownLength', () => {
  it('draws a line up to the cap whole', () => {
    expect(shownLength('abc')).toBe(3);
    expect(shownLength('x'.repeat(ROW_TEXT_MAX_CHARS))).toBe(ROW_TEXT_MAX_CHARS);
  });

  it('cuts a longer line at the cap, unless it is to be drawn whole', () => {
    const line = 'x'.repeat(20_000);
    expect(shownLength(line)).toBe(ROW_TEXT_MAX_CHARS);
    expect(shownLength(line, true)).toBe(20_000);
  });

  it('never splits a surrogate pair', () => {
    const line = `${'x'.repeat(ROW_TEXT_MAX_CHARS - 1)}😀${'y'.repeat(10)}`;
    expect(shownLength(line)).toBe(ROW_TEXT_MAX_CHARS - 1);
  });
});

describe('tokensUpTo', () => {
  const tokens = [{ text: 'const', light: '#cf222e' }, { text: ' ' }, { text: 'value', light: '#0550ae' }];

  it('keeps the tokens that fit and cuts the one the end falls in', () => {
    expect(tokensUpTo(tokens, 8)).toEqual([{ text: 'const', light: '#cf222e' }, { text: ' ' }, { text: 'va', light: '#0550ae' }]);
    expect(tokensUpTo(tokens, 6)).toEqual([{ text: 'const', light: '#cf222e' }, { text: ' ' }]);
  });

  it('keeps every token of a line that is not longer', () => {
    expect(tokensUpTo(tokens, 11)).toEqual(tokens);
  });
});
