import { describe, expect, it } from 'vitest';
import { diffHunkSchema, type ReadFileLine } from '@toolcards/protocol';
import { readDiffHunks } from './read-diff';

const window = (first: number, texts: string[]): ReadFileLine[] => texts.map((text, index) => ({ number: first + index, text }));

describe('readDiffHunks', () => {
  it('is empty when the lines are the same', () => {
    expect(readDiffHunks(window(10, ['a', 'b']), window(10, ['a', 'b']))).toEqual([]);
  });

  it('numbers a changed line with the file’s own line numbers on both sides', () => {
    const before = window(40, ['one', 'two', 'three', 'four', 'five']);
    const after = window(40, ['one', 'two', 'THREE', 'four', 'five']);
    expect(readDiffHunks(before, after)).toEqual([
      { oldStart: 40, oldLines: 5, newStart: 40, newLines: 5, lines: [' one', ' two', '-three', '+THREE', ' four', ' five'] },
    ]);
  });

  it('keeps three lines of context and splits far-apart changes into hunks', () => {
    const texts = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`);
    const changed = texts.map((text, index) => (index === 1 || index === 17 ? `${text}!` : text));
    const hunks = readDiffHunks(window(1, texts), window(1, changed));
    expect(hunks.map((hunk) => [hunk.oldStart, hunk.oldLines, hunk.newStart, hunk.newLines])).toEqual([
      [1, 5, 1, 5],
      [15, 6, 15, 6],
    ]);
  });

  it('shows lines that are gone as removed only, in hunks the diff card accepts', () => {
    const hunks = readDiffHunks(window(5, ['a', 'b', 'c']), window(5, ['a']));
    expect(hunks.flatMap((hunk) => hunk.lines)).toEqual([' a', '-b', '-c']);
    for (const hunk of hunks) expect(diffHunkSchema.safeParse(hunk).success).toBe(true);
  });
});
