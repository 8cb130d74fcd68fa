import { describe, expect, it } from 'vitest';
import { searchMetaFromMeta } from '@toolcards/protocol';
import { serializedBytes } from '../meta-budget';
import { globPresentationMeta } from './glob-meta';
import { retainGlobPaths } from './glob-retain';

describe('globPresentationMeta', () => {
  it('projects the retention into the paths shape the protocol narrows', () => {
    const meta = globPresentationMeta(retainGlobPaths(['a', 'b'], 2, 100), undefined, 64 * 1024);
    expect(meta).toEqual({ shape: 'paths', paths: ['a', 'b'], truncated: false, total: 2 });
    expect(searchMetaFromMeta(meta)).toEqual(meta);
  });

  it('carries the spill path and the cap', () => {
    expect(globPresentationMeta(retainGlobPaths(['a'], 9, 1), '/s/glob.txt', 64 * 1024)).toEqual({
      shape: 'paths',
      paths: ['a'],
      truncated: true,
      total: 9,
      spillPath: '/s/glob.txt',
    });
  });

  it('drops trailing paths past the byte budget, keeping at least one', () => {
    const paths = Array.from({ length: 100 }, (_, index) => `dir/${'x'.repeat(100)}-${index}`);
    const meta = globPresentationMeta(retainGlobPaths(paths, 100, 100), undefined, 2048) as { paths: string[]; truncated: boolean; total: number };
    expect(serializedBytes(meta as never)).toBeLessThanOrEqual(2048);
    expect(meta.paths).toEqual(paths.slice(0, meta.paths.length));
    expect(meta).toMatchObject({ truncated: true, total: 100 });
    expect((globPresentationMeta(retainGlobPaths(paths, 100, 100), undefined, 1) as { paths: string[] }).paths).toHaveLength(1);
  });
});
