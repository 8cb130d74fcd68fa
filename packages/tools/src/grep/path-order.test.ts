import { describe, expect, it } from 'vitest';
import { comparePaths } from './path-order';

const sorted = (paths: string[]) => [...paths].sort(comparePaths);

describe('comparePaths', () => {
  it('keeps a folder together: its files come before a sibling whose name extends the folder name', () => {
    expect(sorted(['a.ts', 'a/b.ts', 'a-b/c.ts', 'a/c/d.ts'])).toEqual(['a/b.ts', 'a/c/d.ts', 'a-b/c.ts', 'a.ts']);
  });

  it('never puts another folder between two files of one folder', () => {
    const paths = ['tools/src/grep/z.ts', 'bench/client/x.ts', 'tools/src/grep/a.ts', 'tools/src/grep-old.ts', 'tools/src/glob/b.ts'];
    expect(sorted(paths)).toEqual(['bench/client/x.ts', 'tools/src/glob/b.ts', 'tools/src/grep/a.ts', 'tools/src/grep/z.ts', 'tools/src/grep-old.ts']);
  });

  it('is a total order: equal only for equal paths, antisymmetric', () => {
    expect(comparePaths('src/a.ts', 'src/a.ts')).toBe(0);
    expect(Math.sign(comparePaths('src', 'src/a'))).toBe(-1);
    expect(Math.sign(comparePaths('src/a', 'src'))).toBe(1);
    expect(Math.sign(comparePaths('B.ts', 'a.ts'))).toBe(-1);
  });
});
