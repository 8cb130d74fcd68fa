import { describe, expect, it } from 'vitest';
import type { DiffFile, ReadFileLine } from '@toolcards/protocol';
import { diffFreshness, newSideSpans, type FileNow } from './diff-freshness';

const modified: DiffFile = {
  path: 'src/a.ts',
  status: 'modified',
  hunks: [{ oldStart: 3, oldLines: 2, newStart: 3, newLines: 2, lines: [' keep', '-old', '+new'] }],
};
const present = (texts: Record<number, string>, totalLines = 10): FileNow => ({
  kind: 'present',
  lines: new Map(Object.entries(texts).map(([number, text]): [number, ReadFileLine] => [Number(number), { number: Number(number), text }])),
  totalLines,
});

describe('newSideSpans', () => {
  it('asks for the lines each hunk left: context and added, numbered in the new file', () => {
    expect(newSideSpans(modified)).toEqual([{ from: 3, texts: ['keep', 'new'] }]);
    expect(newSideSpans({ hunks: [{ oldStart: 5, oldLines: 1, newStart: 4, newLines: 0, lines: ['-gone'] }] })).toEqual([]);
  });
});

describe('diffFreshness', () => {
  it('is applied when the new lines are where the diff put them', () => {
    expect(diffFreshness(modified, present({ 3: 'keep', 4: 'new' }))).toBe('applied');
  });

  it('is changed since when a new line differs or is missing now', () => {
    expect(diffFreshness(modified, present({ 3: 'keep', 4: 'newer' }))).toBe('changed-since');
    expect(diffFreshness(modified, present({ 3: 'keep' }, 3))).toBe('changed-since');
  });

  it('is file gone when the edited file is not there', () => {
    expect(diffFreshness(modified, { kind: 'gone' })).toBe('file-gone');
  });

  it('reads a deleted file being gone as applied, and its return as a change', () => {
    const deleted: DiffFile = { path: 'old.txt', status: 'deleted', hunks: [{ oldStart: 1, oldLines: 1, newStart: 0, newLines: 0, lines: ['-x'] }] };
    expect(diffFreshness(deleted, { kind: 'gone' })).toBe('applied');
    expect(diffFreshness(deleted, present({ 1: 'x' }, 1))).toBe('changed-since');
  });

  it('counts lines appended to an added file as a change since', () => {
    const added: DiffFile = { path: 'new.txt', status: 'added', hunks: [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 1, lines: ['+only'] }] };
    expect(diffFreshness(added, present({ 1: 'only' }, 1))).toBe('applied');
    expect(diffFreshness(added, present({ 1: 'only' }, 2))).toBe('changed-since');
  });

  it('compares a line the view cut short on what it kept', () => {
    const long = 'x'.repeat(3000);
    const file: DiffFile = { path: 'min.js', status: 'modified', hunks: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-a', `+${long}`] }] };
    const cut: FileNow = { kind: 'present', lines: new Map([[1, { number: 1, text: long.slice(0, 2000), cutAtChars: 2000 }]]), totalLines: 1 };
    expect(diffFreshness(file, cut)).toBe('applied');
  });
});
