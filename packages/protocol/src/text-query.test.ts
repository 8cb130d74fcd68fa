import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchRanges, textQueryPattern, type TextQuery } from './text-query';

const query = (text: string, options: Partial<TextQuery> = {}): TextQuery => ({ text, caseSensitive: false, wholeWord: false, regex: false, ...options });

function ranges(q: TextQuery, text: string): [number, number][] {
  const pattern = textQueryPattern(q);
  if (!pattern.ok) throw new Error(pattern.message);
  return matchRanges(pattern.regexp, text);
}

describe('textQueryPattern', () => {
  it('finds a literal as typed, whatever it holds, ignoring case unless asked', () => {
    expect(ranges(query('a.b(c)'), 'xa.b(c) aXb(c) A.B(C)')).toEqual([[1, 7], [15, 21]]);
    expect(ranges(query('A.B', { caseSensitive: true }), 'a.b A.B')).toEqual([[4, 7]]);
  });

  it('bounds whole words by letters and digits of any script', () => {
    expect(ranges(query('key', { wholeWord: true }), 'key keys ключkey key_ (key)')).toEqual([[0, 3], [23, 26]]);
  });

  it('reports an invalid regular expression as a value, and never loops on empty matches', () => {
    const broken = textQueryPattern(query('(unclosed', { regex: true }));
    expect(broken.ok).toBe(false);
    expect(broken.ok ? '' : broken.message).toMatch(/unterminated group|unclosed/i);
    expect(ranges(query('x*', { regex: true }), 'ab xx c')).toEqual([[3, 5]]);
  });

  it('matches every literal inside any text that contains it (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 8 }), fc.string(), fc.string(), (needle, before, after) => {
        const found = ranges(query(needle, { caseSensitive: true }), `${before}${needle}${after}`);
        return found.some(([start, end]) => `${before}${needle}${after}`.slice(start, end) === needle);
      }),
    );
  });
});
