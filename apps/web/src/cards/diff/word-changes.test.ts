import { describe, expect, it } from 'vitest';
import { WORD_MARKS_MAX_CHARS, wordChanges } from './word-changes';

const marked = (text: string, ranges: readonly (readonly [number, number])[]) => ranges.map(([from, to]) => text.slice(from, to));

describe('wordChanges', () => {
  it('marks the words that changed on each side, not the whole line', () => {
    const before = 'const total = price * count;';
    const after = 'const total = price * quantity;';
    const changes = wordChanges(before, after)!;
    expect(marked(before, changes.removed)).toEqual(['count']);
    expect(marked(after, changes.added)).toEqual(['quantity']);
  });

  it('marks words added on one side only', () => {
    const changes = wordChanges('return a;', 'return await a;')!;
    expect(changes.removed).toEqual([]);
    expect(marked('return await a;', changes.added).join('')).toBe('await ');
  });

  it('gives no marks for equal lines, lines mostly different, or lines too long to compare', () => {
    expect(wordChanges('same', 'same')).toBeUndefined();
    expect(wordChanges('import { a } from "x";', 'while (true) break;')).toBeUndefined();
    const long = 'x '.repeat(WORD_MARKS_MAX_CHARS);
    expect(wordChanges(long, `${long}y`)).toBeUndefined();
  });
});
