import { describe, expect, it } from 'vitest';
import { diffLineKind, diffMetaFromMeta, diffViewFromMeta } from './diff-view';

const modifiedHunk = {
  oldStart: 3,
  oldLines: 4,
  newStart: 3,
  newLines: 5,
  lines: [' const a = 1;', '-const b = 2;', '+const b = 3;', '+const c = 4;', ' ', ' export { a, b };'],
};

const good = {
  files: [
    { path: 'src/a.ts', status: 'modified', lang: 'typescript', hunks: [modifiedHunk, { oldStart: 20, oldLines: 1, newStart: 21, newLines: 1, lines: ['-x', '+y'] }] },
    { path: 'src/new.ts', status: 'added', hunks: [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 2, lines: ['+one', '+two'] }] },
    { path: 'src/old.ts', status: 'deleted', hunks: [{ oldStart: 1, oldLines: 1, newStart: 0, newLines: 0, lines: ['-gone'] }] },
    { path: 'src/b.ts', oldPath: 'src/b-old.ts', status: 'renamed', hunks: [] },
  ],
};

/** `good`'s first file with one hunk. */
function withHunk(hunk: unknown, status = 'modified'): unknown {
  return { files: [{ path: 'a.ts', status, hunks: [hunk] }] };
}

/** `good`'s first file with these fields over it. */
function withFile(fields: Record<string, unknown>): unknown {
  return { files: [{ path: 'a.ts', status: 'modified', hunks: [], ...fields }] };
}

describe('diffMetaFromMeta accepts', () => {
  it('a modified, an added, a deleted and a renamed file', () => {
    expect(diffMetaFromMeta(good)).toEqual(good);
  });

  it('no files (an edit that changed nothing)', () => {
    expect(diffMetaFromMeta({ files: [] })).toEqual({ files: [] });
  });

  it('a file with no hunks', () => {
    expect(diffMetaFromMeta(withFile({ hunks: [] }))).toBeDefined();
  });

  it('the "\\ No newline at end of file" marker after a line, counted on neither side', () => {
    const hunk = { oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-end', '\\ No newline at end of file', '+end'] };
    expect(diffMetaFromMeta(withHunk(hunk))).toBeDefined();
  });

  it('an insertion with no old lines, placed after old line 5, right after a hunk that ends there', () => {
    const before = { oldStart: 3, oldLines: 3, newStart: 3, newLines: 3, lines: [' a', ' b', ' c'] };
    const insertion = { oldStart: 5, oldLines: 0, newStart: 6, newLines: 1, lines: ['+d'] };
    expect(diffMetaFromMeta({ files: [{ path: 'a.ts', status: 'modified', hunks: [before, insertion] }] })).toBeDefined();
  });

  it('drops unknown fields rather than passing them on', () => {
    expect(diffMetaFromMeta({ ...good, extra: true })).toEqual(good);
  });

  it('as the diff card, with its title', () => {
    expect(diffViewFromMeta(good, 'Edit src/a.ts')).toEqual({ card: 'diff', title: 'Edit src/a.ts', ...good });
  });
});

describe('diffMetaFromMeta rejects', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a patch as a string', '--- a\n+++ b\n'],
    ['an array of files', good.files],
  ])('a non-object meta: %s', (_, meta) => {
    expect(diffMetaFromMeta(meta)).toBeUndefined();
    expect(diffViewFromMeta(meta)).toBeUndefined();
  });

  it.each([
    ['missing files', {}],
    ['files not an array', { files: good.files[0] }],
    ['a file that is not an object', { files: ['src/a.ts'] }],
  ])('%s', (_, meta) => {
    expect(diffMetaFromMeta(meta)).toBeUndefined();
  });

  it.each([
    ['missing path', { path: undefined }],
    ['empty path', { path: '' }],
    ['unknown status', { status: 'copied' }],
    ['missing status', { status: undefined }],
    ['empty lang', { lang: '' }],
    ['hunks not an array', { hunks: modifiedHunk }],
    ['missing hunks', { hunks: undefined }],
    ['a renamed file without oldPath', { status: 'renamed' }],
    ['a renamed file whose oldPath is its path', { status: 'renamed', oldPath: 'a.ts' }],
    ['an oldPath on a file that was not renamed', { oldPath: 'b.ts' }],
    ['an empty oldPath', { status: 'renamed', oldPath: '' }],
  ])('a malformed file: %s', (_, fields) => {
    expect(diffMetaFromMeta(withFile(fields))).toBeUndefined();
  });

  it.each([
    ['more old lines counted than drawn', { ...modifiedHunk, oldLines: 5 }],
    ['fewer new lines counted than drawn', { ...modifiedHunk, newLines: 4 }],
    ['no lines', { ...modifiedHunk, oldLines: 0, newLines: 0, lines: [] }],
    ['a line with no prefix', { oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['same'] }],
    ['an empty line (its context space stripped)', { oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: [''] }],
    ['a marker first', { oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['\\ No newline at end of file', ' a'] }],
    ['two markers in a row', { oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: [' a', '\\ x', '\\ y'] }],
    ['a line that is not a string', { oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: [1] }],
    ['lines at old line 0', { oldStart: 0, oldLines: 1, newStart: 1, newLines: 1, lines: [' a'] }],
    ['lines at new line 0', { oldStart: 1, oldLines: 1, newStart: 0, newLines: 1, lines: [' a'] }],
    ['a negative start', { ...modifiedHunk, oldStart: -1 }],
    ['a fractional count', { ...modifiedHunk, oldLines: 4.5 }],
    ['a string count', { ...modifiedHunk, newLines: '5' }],
    ['a missing count', { ...modifiedHunk, newLines: undefined }],
  ])('a hunk whose lines cannot be drawn right: %s', (_, hunk) => {
    expect(diffMetaFromMeta(withHunk(hunk))).toBeUndefined();
  });

  it('an added file with old lines', () => {
    expect(diffMetaFromMeta(withHunk(modifiedHunk, 'added'))).toBeUndefined();
  });

  it('a deleted file with new lines', () => {
    expect(diffMetaFromMeta(withHunk(modifiedHunk, 'deleted'))).toBeUndefined();
  });

  it('overlapping hunks', () => {
    const second = { oldStart: 5, oldLines: 1, newStart: 9, newLines: 1, lines: ['-x', '+y'] };
    expect(diffMetaFromMeta(withFile({ hunks: [modifiedHunk, second] }))).toBeUndefined();
  });

  it('hunks out of order', () => {
    const first = { oldStart: 40, oldLines: 1, newStart: 41, newLines: 1, lines: ['-x', '+y'] };
    expect(diffMetaFromMeta(withFile({ hunks: [first, modifiedHunk] }))).toBeUndefined();
  });

  it('a revoked proxy (hostile value) without throwing', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(diffMetaFromMeta(proxy)).toBeUndefined();
  });
});

describe('diffLineKind', () => {
  it.each([
    [' a', 'context'],
    ['-a', 'removed'],
    ['+a', 'added'],
    ['\\ No newline at end of file', 'no-newline-marker'],
    ['a', undefined],
    ['', undefined],
  ])('%j is %s', (line, kind) => {
    expect(diffLineKind(line)).toBe(kind);
  });
});
