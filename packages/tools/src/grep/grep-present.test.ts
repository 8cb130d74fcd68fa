import { describe, expect, it } from 'vitest';
import type { ToolResult } from '../tool';
import { errorResult, textResult } from '../tool-error';
import { grepPresentationMeta } from './grep-meta';
import { grepTitle, presentGrepCall, presentGrepResult } from './grep-present';
import { retainGrepMatches } from './grep-retain';

const meta = grepPresentationMeta(
  retainGrepMatches([{ path: 'src/a.ts', lineNumber: 2, line: 'foo()', ranges: [[0, 3]] }], 1, 250),
  undefined,
  64 * 1024,
);
const good = textResult('Found 1 match\nsrc/a.ts:\n  Line 2: foo()', meta);

describe('grepTitle and presentGrepCall', () => {
  it.each([
    [{ pattern: 'foo' }, 'Grep foo'],
    [{ pattern: 'foo', path: 'src' }, 'Grep foo in src'],
    [{ pattern: 'foo', path: 'src', include: '*.ts' }, 'Grep foo in src (*.ts)'],
    [{ pattern: 'foo', include: '*.ts' }, 'Grep foo (*.ts)'],
    [{ pattern: 'foo', path: '' }, 'Grep foo'],
  ])('%j → %s', (args, title) => {
    expect(grepTitle(args)).toBe(title);
  });

  it('is a generic search call, located at its path when it has one', () => {
    expect(presentGrepCall({ pattern: 'foo', path: 'src' })).toEqual({ card: 'generic', title: 'Grep foo in src', kind: 'search', locations: [{ path: 'src' }] });
    expect(presentGrepCall({ pattern: 'foo' })).toEqual({ card: 'generic', title: 'Grep foo', kind: 'search' });
  });
});

describe('presentGrepResult', () => {
  it('narrows the meta into the matches card, titled like the call', () => {
    expect(presentGrepResult({ pattern: 'foo' }, good)).toEqual({
      card: 'search',
      title: 'Grep foo',
      shape: 'matches',
      files: [{ path: 'src/a.ts', matches: [{ lineNumber: 2, line: 'foo()', ranges: [[0, 3]] }] }],
      truncated: false,
      total: 1,
    });
  });

  it('is pure', () => {
    expect(presentGrepResult({ pattern: 'foo' }, good)).toEqual(presentGrepResult({ pattern: 'foo' }, structuredClone(good)));
  });

  it.each<[string, ToolResult]>([
    ['an error result', errorResult('SEARCH_INVALID_PATTERN', 'bad')],
    ['an error flag with valid meta', { ...good, isError: true }],
    ['absent meta', { content: good.content, isError: false }],
    ['malformed meta', { ...good, meta: { shape: 'matches', files: 'nope', truncated: false, total: 1 } }],
    ['meta with a total below the matches', { ...good, meta: { ...(meta as object), total: 0 } }],
    ['a range outside its line', { ...good, meta: { shape: 'matches', files: [{ path: 'a', matches: [{ lineNumber: 1, line: 'ab', ranges: [[0, 9]] }] }], truncated: false, total: 1 } }],
  ])('declines %s', (_, result) => {
    expect(presentGrepResult({ pattern: 'foo' }, result)).toBeUndefined();
  });

  it('draws the paths shape of a grep that listed only the matching files (an imported files_with_matches)', () => {
    const view = presentGrepResult({ pattern: 'foo' }, { ...good, meta: { shape: 'paths', paths: ['src/a.ts', 'src/b.ts'], truncated: false, total: 2 } });
    expect(view).toMatchObject({ card: 'search', shape: 'paths', title: 'Grep foo', paths: ['src/a.ts', 'src/b.ts'], total: 2 });
  });
});
