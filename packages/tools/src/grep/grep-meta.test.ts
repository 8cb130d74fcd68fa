import { describe, expect, it } from 'vitest';
import { searchMetaFromMeta } from '@toolcards/protocol';
import { serializedBytes } from '../meta-budget';
import { grepPresentationMeta } from './grep-meta';
import { retainGrepMatches, type GrepMatch } from './grep-retain';

const matches = (files: number, perFile: number, lineChars = 10): GrepMatch[] =>
  Array.from({ length: files * perFile }, (_, index) => ({
    path: `f${Math.floor(index / perFile)}.ts`,
    lineNumber: (index % perFile) + 1,
    line: 'x'.repeat(lineChars),
    ranges: [[0, 1]],
  }));

describe('grepPresentationMeta', () => {
  it('projects the retention into the matches shape the protocol narrows', () => {
    const retention = retainGrepMatches(matches(2, 2), 4, 250);
    const meta = grepPresentationMeta(retention, undefined, 64 * 1024);
    expect(meta).toEqual({ shape: 'matches', files: retention.files, truncated: false, total: 4 });
    expect(searchMetaFromMeta(meta)).toEqual(meta);
  });

  it('carries the spill path and the cap', () => {
    const retention = retainGrepMatches(matches(1, 3), 1000, 2);
    expect(grepPresentationMeta(retention, '/s/grep.txt', 64 * 1024)).toMatchObject({ truncated: true, total: 1000, spillPath: '/s/grep.txt' });
  });

  it('drops trailing groups past the byte budget, marks truncated and keeps total', () => {
    const retention = retainGrepMatches(matches(50, 5, 200), 250, 250);
    const meta = grepPresentationMeta(retention, undefined, 8 * 1024) as { files: { path: string }[]; truncated: boolean; total: number };
    expect(serializedBytes(meta as never)).toBeLessThanOrEqual(8 * 1024);
    expect(meta.files.length).toBeGreaterThan(0);
    expect(meta.files.length).toBeLessThan(50);
    expect(meta.files.map((file) => file.path)).toEqual(retention.files.slice(0, meta.files.length).map((file) => file.path));
    expect(meta).toMatchObject({ truncated: true, total: 250 });
    expect(searchMetaFromMeta(meta)).toBeDefined();
  });

  it('trims the matches of a single group too big alone, keeping one', () => {
    const retention = retainGrepMatches(matches(1, 250, 2000), 250, 250);
    const meta = grepPresentationMeta(retention, undefined, 64 * 1024) as { files: { matches: unknown[] }[]; truncated: boolean };
    expect(serializedBytes(meta as never)).toBeLessThanOrEqual(64 * 1024);
    expect(meta.files).toHaveLength(1);
    expect(meta.files[0]!.matches.length).toBeGreaterThan(1);
    expect(meta.truncated).toBe(true);
    const tiny = grepPresentationMeta(retention, undefined, 10) as { files: { matches: unknown[] }[] };
    expect(tiny.files[0]!.matches).toHaveLength(1);
  });

  it('projects zero matches as a valid empty card', () => {
    const meta = grepPresentationMeta(retainGrepMatches([], 0, 250), undefined, 64 * 1024);
    expect(meta).toEqual({ shape: 'matches', files: [], truncated: false, total: 0 });
    expect(searchMetaFromMeta(meta)).toBeDefined();
  });
});
