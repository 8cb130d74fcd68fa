import { describe, expect, it } from 'vitest';
import { RecordSplitter } from '../ripgrep/record-splitter';
import { GlobCollector } from './glob-collector';
import { retainGlobPaths } from './glob-retain';

const showPath = (path: string) => (path.startsWith('./') ? path.slice(2) : path);

function collect(paths: string[], maxResults: number, spill = true, reports?: (path: Buffer) => boolean) {
  const spilled: string[] = [];
  const collector = new GlobCollector({
    maxResults,
    showPath,
    ...(reports === undefined ? {} : { reports }),
    ...(spill ? { spill: (text: string) => spilled.push(text) } : {}),
  });
  const splitter = new RecordSplitter(0, (buffer, start, end) => collector.record(buffer, start, end));
  splitter.push(Buffer.from(paths.map((path) => `${path}\0`).join('')));
  splitter.end();
  return { ...collector.result(), spill: spilled.join('') };
}

describe('GlobCollector', () => {
  it('keeps the first paths, counts all, and spills nothing while they fit', () => {
    expect(collect(['./a.ts', './b c/"d".ts', './new\nline.ts'], 5)).toEqual({ paths: ['a.ts', 'b c/"d".ts', 'new\nline.ts'], total: 3, outside: 0, spill: '' });
  });

  it('spills every path, one a line, once the cap is exceeded', () => {
    expect(collect(['./a', './b', './c', './d'], 2)).toEqual({ paths: ['a', 'b'], total: 4, outside: 0, spill: 'a\nb\nc\nd\n' });
  });

  it('only counts past the cap without a spill', () => {
    expect(collect(['./a', './b', './c'], 1, false)).toEqual({ paths: ['a'], total: 3, outside: 0, spill: '' });
  });
});

describe('GlobCollector confinement', () => {
  it('drops and counts paths the target says lie outside, before they are kept or spilled', () => {
    const reports = (path: Buffer) => !path.toString().startsWith('./out/');
    expect(collect(['./a', './out/secret', './b', './out/key', './c'], 2, true, reports)).toEqual({
      paths: ['a', 'b'],
      total: 3,
      outside: 2,
      spill: 'a\nb\nc\n',
    });
  });
});

describe('retainGlobPaths', () => {
  it('caps and keeps the pre-cap total', () => {
    expect(retainGlobPaths(['a', 'b', 'c'], 10, 2)).toEqual({ paths: ['a', 'b'], total: 10, truncated: true });
    expect(retainGlobPaths(['a'], 1, 100)).toEqual({ paths: ['a'], total: 1, truncated: false });
    expect(retainGlobPaths([], 0, 100)).toEqual({ paths: [], total: 0, truncated: false });
  });
});
