import { describe, expect, it } from 'vitest';
import type { ReadFileLine } from '@toolcards/protocol';
import { readDiffRows } from './read-diff';

const window = (first: number, texts: string[]): ReadFileLine[] => texts.map((text, index) => ({ number: first + index, text }));

describe('readDiffRows', () => {
  it('is empty when the lines are the same', () => {
    expect(readDiffRows(window(10, ['a', 'b']), window(10, ['a', 'b']))).toEqual([]);
  });

  it('numbers a changed line with the file’s own line numbers on both sides', () => {
    const before = window(40, ['one', 'two', 'three', 'four', 'five']);
    const after = window(40, ['one', 'two', 'THREE', 'four', 'five']);
    expect(readDiffRows(before, after)).toEqual([
      { kind: 'hunk', text: '@@ -40,5 +40,5 @@' },
      { kind: 'same', before: 40, after: 40, text: 'one' },
      { kind: 'same', before: 41, after: 41, text: 'two' },
      { kind: 'removed', before: 42, text: 'three' },
      { kind: 'added', after: 42, text: 'THREE' },
      { kind: 'same', before: 43, after: 43, text: 'four' },
      { kind: 'same', before: 44, after: 44, text: 'five' },
    ]);
  });

  it('keeps three lines of context and splits far-apart changes into hunks', () => {
    const texts = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`);
    const changed = texts.map((text, index) => (index === 1 || index === 17 ? `${text}!` : text));
    const rows = readDiffRows(window(1, texts), window(1, changed));
    expect(rows.filter((row) => row.kind === 'hunk').map((row) => row.text)).toEqual(['@@ -1,5 +1,5 @@', '@@ -15,6 +15,6 @@']);
    expect(rows.filter((row) => row.kind !== 'same' && row.kind !== 'hunk')).toHaveLength(4);
  });

  it('shows lines that are gone as removed only', () => {
    const rows = readDiffRows(window(5, ['a', 'b', 'c']), window(5, ['a']));
    expect(rows.filter((row) => row.kind === 'removed').map((row) => row.text)).toEqual(['b', 'c']);
    expect(rows.some((row) => row.kind === 'added')).toBe(false);
  });
});
