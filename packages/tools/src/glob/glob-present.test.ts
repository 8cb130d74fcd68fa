import { describe, expect, it } from 'vitest';
import type { ToolResult } from '../tool';
import { errorResult, textResult } from '../tool-error';
import { globPresentationMeta } from './glob-meta';
import { globTitle, presentGlobCall, presentGlobResult } from './glob-present';
import { retainGlobPaths } from './glob-retain';

const good = textResult('a.ts', globPresentationMeta(retainGlobPaths(['a.ts'], 1, 100), undefined, 64 * 1024));

describe('globTitle and presentGlobCall', () => {
  it('titles the call', () => {
    expect(globTitle({ pattern: '**/*.ts' })).toBe('Glob **/*.ts');
    expect(globTitle({ pattern: '**/*.ts', path: 'src' })).toBe('Glob **/*.ts in src');
    expect(presentGlobCall({ pattern: '*.md', path: 'docs' })).toEqual({
      card: 'generic',
      title: 'Glob *.md in docs',
      kind: 'search',
      locations: [{ path: 'docs' }],
    });
    expect(presentGlobCall({ pattern: '*.md' })).toEqual({ card: 'generic', title: 'Glob *.md', kind: 'search' });
  });
});

describe('presentGlobResult', () => {
  it('narrows the meta into the paths card', () => {
    expect(presentGlobResult({ pattern: '*.ts' }, good)).toEqual({
      card: 'search',
      title: 'Glob *.ts',
      shape: 'paths',
      paths: ['a.ts'],
      truncated: false,
      total: 1,
    });
    expect(presentGlobResult({ pattern: '*.ts' }, good)).toEqual(presentGlobResult({ pattern: '*.ts' }, structuredClone(good)));
  });

  it.each<[string, ToolResult]>([
    ['an error result', errorResult('SEARCH_INVALID_PATTERN', 'bad glob')],
    ['an error flag with valid meta', { ...good, isError: true }],
    ['absent meta', { content: good.content, isError: false }],
    ['malformed meta', { ...good, meta: { shape: 'paths', paths: [1], truncated: false, total: 1 } }],
    ['meta without total', { ...good, meta: { shape: 'paths', paths: ['a'], truncated: false } }],
    ['an unknown shape', { ...good, meta: { shape: 'tree', paths: ['a'], truncated: false, total: 1 } }],
    ["grep's matches meta", { ...good, meta: { shape: 'matches', files: [], truncated: false, total: 0 } }],
  ])('declines %s', (_, result) => {
    expect(presentGlobResult({ pattern: '*.ts' }, result)).toBeUndefined();
  });
});
