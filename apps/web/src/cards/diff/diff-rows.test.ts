import { describe, expect, it } from 'vitest';
import type { DiffHunk } from '@toolcards/protocol';
import { changeCounts, diffSides } from './diff-rows';

const hunk = (oldStart: number, oldLines: number, newStart: number, newLines: number, lines: string[]): DiffHunk => ({ oldStart, oldLines, newStart, newLines, lines });

describe('diffSides', () => {
  it('numbers each side from its start: context on both, removed on the old, added on the new', () => {
    const { hunks } = diffSides({ hunks: [hunk(10, 3, 10, 3, [' a', '-b', '+B', ' c'])] });
    expect(hunks[0]!.rows.map((row) => [row.kind, row.kind === 'added' ? undefined : row.old, row.kind === 'removed' ? undefined : row.new, row.text])).toEqual([
      ['context', 10, 10, 'a'],
      ['removed', 11, undefined, 'b'],
      ['added', undefined, 11, 'B'],
      ['context', 12, 12, 'c'],
    ]);
    expect(hunks[0]!.header).toBe('@@ -10,3 +10,3 @@');
  });

  it('gives each side its own text sequence across hunks, in order (what the highlighter gets)', () => {
    const sides = diffSides({ hunks: [hunk(1, 2, 1, 2, [' a', '-b', '+B']), hunk(20, 1, 20, 2, [' x', '+y'])] });
    expect(sides.oldTexts).toEqual(['a', 'b', 'x']);
    expect(sides.newTexts).toEqual(['a', 'B', 'x', 'y']);
    const last = sides.hunks[1]!.rows.at(-1)!;
    expect(last.kind === 'added' && sides.newTexts[last.newIndex]).toBe('y');
  });

  it('numbers an empty side from the line after its start, as diff -u means it', () => {
    // An added file: "-0,0 +1,2"; a deletion of lines 5–6: "-5,2 +4,0".
    expect(diffSides({ hunks: [hunk(0, 0, 1, 2, ['+a', '+b'])] }).hunks[0]!.rows.map((row) => (row.kind === 'added' ? row.new : -1))).toEqual([1, 2]);
    const deletion = diffSides({ hunks: [hunk(5, 2, 4, 0, ['-e', '-f'])] }).hunks[0]!;
    expect(deletion.rows.map((row) => (row.kind === 'removed' ? row.old : -1))).toEqual([5, 6]);
    expect(deletion.newLine).toBe(5);
  });

  it('links a hunk to its first added line, not to its leading context', () => {
    expect(diffSides({ hunks: [hunk(7, 4, 7, 4, [' a', ' b', '-c', '+C', ' d'])] }).hunks[0]!.newLine).toBe(9);
  });

  it('turns "\\ No newline at end of file" into a flag on the line before it, not a row', () => {
    const { hunks } = diffSides({ hunks: [hunk(1, 1, 1, 1, ['-a', '\\ No newline at end of file', '+a'])] });
    expect(hunks[0]!.rows).toHaveLength(2);
    expect(hunks[0]!.rows[0]).toMatchObject({ kind: 'removed', noNewline: true });
    expect(hunks[0]!.rows[1]!.noNewline).toBeUndefined();
  });
});

describe('changeCounts', () => {
  it('counts added and removed lines over every hunk of every file; context and markers count on neither', () => {
    const files = [
      { hunks: [hunk(1, 2, 1, 3, [' a', '-b', '+B', '+C']), hunk(9, 1, 10, 0, ['-z'])] },
      { hunks: [hunk(0, 0, 1, 1, ['+new', '\\ No newline at end of file'])] },
    ];
    expect(changeCounts(files)).toEqual({ added: 3, removed: 2 });
    expect(changeCounts([{ hunks: [] }])).toEqual({ added: 0, removed: 0 });
  });
});
