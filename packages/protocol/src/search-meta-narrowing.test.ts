import { describe, expect, it } from 'vitest';
import { searchMetaFromMeta, searchViewFromMeta } from './search-view';

const matches = {
  shape: 'matches',
  files: [
    {
      path: 'src/a.ts',
      matches: [
        { lineNumber: 3, line: 'const foo = foo();', ranges: [[6, 9], [12, 15]] },
        { lineNumber: 9, line: 'foo' },
      ],
    },
    { path: 'b.md', matches: [{ lineNumber: 1, line: '# foo', ranges: [[2, 5]] }] },
  ],
  truncated: false,
  total: 3,
} as const;

const paths = { shape: 'paths', paths: ['a.ts', 'src/b.ts'], truncated: true, total: 5000, spillPath: '/d/spill/glob-1.txt' } as const;

function matchWith(match: unknown): unknown {
  return { ...matches, files: [{ path: 'a.ts', matches: [match] }], total: 1 };
}

describe('searchViewFromMeta accepts', () => {
  it('grep matches grouped by file, as the search card', () => {
    expect(searchViewFromMeta(matches)).toEqual({ card: 'search', ...matches });
  });

  it('glob paths with a spill locator', () => {
    expect(searchViewFromMeta(paths, 'Glob **/*.ts')).toEqual({ card: 'search', title: 'Glob **/*.ts', ...paths });
  });

  it('zero matches and zero paths as valid empty cards', () => {
    expect(searchViewFromMeta({ shape: 'matches', files: [], truncated: false, total: 0 })).toBeDefined();
    expect(searchViewFromMeta({ shape: 'paths', paths: [], truncated: false, total: 0 })).toBeDefined();
  });

  it('empty and whole-line ranges', () => {
    expect(searchMetaFromMeta(matchWith({ lineNumber: 1, line: 'abc', ranges: [[0, 0], [0, 3]] }))).toBeDefined();
  });

  it('the lines a search printed around a match, before and after it, in order', () => {
    const match = { lineNumber: 5, line: 'foo', context: [{ lineNumber: 4, line: 'before' }, { lineNumber: 6, line: 'after' }] };
    expect(searchMetaFromMeta(matchWith(match))).toEqual(matchWith(match));
  });

  it('ranges counted in UTF-16 code units (an emoji before the match is 2 units)', () => {
    expect(searchMetaFromMeta(matchWith({ lineNumber: 1, line: '😀foo', ranges: [[2, 5]] }))).toBeDefined();
    expect(searchMetaFromMeta(matchWith({ lineNumber: 1, line: '😀foo', ranges: [[2, 6]] }))).toBeUndefined();
  });
});

describe('searchViewFromMeta rejects', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'matches'],
    ['an array', [matches]],
    ['an empty object', {}],
  ])('a non-object or empty meta: %s', (_, meta) => {
    expect(searchViewFromMeta(meta)).toBeUndefined();
  });

  it.each([
    ['unknown shape', { ...paths, shape: 'tree' }],
    ['missing shape', { paths: [], truncated: false, total: 0 }],
    ['missing truncated', { shape: 'paths', paths: [], total: 0 }],
    ['string truncated', { ...paths, truncated: 'yes' }],
    ['missing total', { shape: 'paths', paths: [], truncated: false }],
    ['negative total', { ...paths, total: -1 }],
    ['fractional total', { ...paths, total: 2.5 }],
    ['NaN total', { ...paths, total: Number.NaN }],
    ['total below the retained paths', { ...paths, total: 1 }],
    ['total below the retained matches', { ...matches, total: 2 }],
    ['non-array paths', { ...paths, paths: 'a.ts' }],
    ['non-string path', { ...paths, paths: ['a.ts', 3] }],
    ['empty path', { ...paths, paths: [''] }],
    ['non-string spill path', { ...paths, spillPath: 4 }],
    ['paths shape carrying files only', { shape: 'paths', files: matches.files, truncated: false, total: 3 }],
    ['matches shape carrying paths only', { shape: 'matches', paths: ['a'], truncated: false, total: 1 }],
    ['non-array files', { ...matches, files: {} }],
  ])('%s', (_, meta) => {
    expect(searchViewFromMeta(meta)).toBeUndefined();
  });

  it.each([
    ['group not an object', ['a.ts']],
    ['group without path', [{ matches: [{ lineNumber: 1, line: 'a' }] }]],
    ['group with empty path', [{ path: '', matches: [{ lineNumber: 1, line: 'a' }] }]],
    ['group without matches', [{ path: 'a.ts' }]],
    ['group with zero matches', [{ path: 'a.ts', matches: [] }]],
    ['match without line', [{ path: 'a.ts', matches: [{ lineNumber: 1 }] }]],
    ['match line not a string', [{ path: 'a.ts', matches: [{ lineNumber: 1, line: 5 }] }]],
    ['match lineNumber 0', [{ path: 'a.ts', matches: [{ lineNumber: 0, line: 'a' }] }]],
    ['match lineNumber 1.5', [{ path: 'a.ts', matches: [{ lineNumber: 1.5, line: 'a' }] }]],
  ])('a malformed file group: %s', (_, files) => {
    expect(searchViewFromMeta({ ...matches, files, total: 10 })).toBeUndefined();
  });

  it.each([
    ['not an array', 'x'],
    ['a range that is not a pair', [[1]]],
    ['a triple', [[1, 2, 3]]],
    ['start after end', [[3, 1]]],
    ['negative start', [[-1, 2]]],
    ['end beyond the line', [[0, 4]]],
    ['fractional bound', [[0.5, 2]]],
    ['string bounds', [['0', '2']]],
  ])('bad ranges: %s', (_, ranges) => {
    expect(searchMetaFromMeta(matchWith({ lineNumber: 1, line: 'abc', ranges }))).toBeUndefined();
  });

  it.each([
    ['not an array', { lineNumber: 4, line: 'x' }],
    ['a line without its number', [{ line: 'x' }]],
    ['line number 0', [{ lineNumber: 0, line: 'x' }]],
    ['a line that is not text', [{ lineNumber: 4, line: 4 }]],
    ['the match line itself', [{ lineNumber: 5, line: 'foo' }]],
    ['out of order', [{ lineNumber: 6, line: 'b' }, { lineNumber: 4, line: 'a' }]],
    ['the same line twice', [{ lineNumber: 4, line: 'a' }, { lineNumber: 4, line: 'a' }]],
  ])('bad context: %s', (_, context) => {
    expect(searchMetaFromMeta(matchWith({ lineNumber: 5, line: 'foo', context }))).toBeUndefined();
  });
});
