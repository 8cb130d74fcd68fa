import { describe, expect, it } from 'vitest';
import { globPathsOf, grepMatchesOf, grepPathsOf } from './claude-search-result';

const options = { pattern: 'ne+dle', caseInsensitive: false, searchPath: undefined, cwd: '/w' };

describe('Grep content as matches', () => {
  it('keeps the matches with their ranges, and the context lines (-C) beside the match they were printed around', () => {
    const outcome = grepMatchesOf(undefined, 'a-b.ts-1-before\na-b.ts:2:a needle: here\na-b.ts-3-after\n--\n/w/c.ts:9:needle needle', options);
    expect(outcome).toEqual({
      meta: {
        shape: 'matches',
        files: [
          {
            path: 'a-b.ts',
            matches: [{ lineNumber: 2, line: 'a needle: here', ranges: [[2, 8]], context: [{ lineNumber: 1, line: 'before' }, { lineNumber: 3, line: 'after' }] }],
          },
          { path: 'c.ts', matches: [{ lineNumber: 9, line: 'needle needle', ranges: [[0, 6], [7, 13]] }] },
        ],
        truncated: false,
        total: 2,
      },
      contextLines: 0,
    });
  });

  it('context between two matches of a group stays with the match above it; a new group starts over', () => {
    const output = ['x.ts-1-one', 'x.ts:2:needle', 'x.ts-3-three', 'x.ts:4:needle', 'x.ts-5-five', '--', 'x.ts-9-nine', 'x.ts:10:needle'].join('\n');
    const matches = grepMatchesOf(undefined, output, options)?.meta.files[0]?.matches;
    expect(matches?.map((match) => [match.lineNumber, match.context?.map((line) => line.lineNumber)])).toEqual([
      [2, [1, 3]],
      [4, [5]],
      [10, [9]],
    ]);
  });

  it('reads a context line by the path its match printed, even when the path has -N- in it', () => {
    const output = 'lib/v-2-x.ts:7:needle\nlib/v-2-x.ts-8-after';
    expect(grepMatchesOf(undefined, output, options)?.meta.files).toEqual([
      { path: 'lib/v-2-x.ts', matches: [{ lineNumber: 7, line: 'needle', ranges: [[0, 6]], context: [{ lineNumber: 8, line: 'after' }] }] },
    ]);
  });

  it('names the searched file when ripgrep printed no path (one file searched)', () => {
    const outcome = grepMatchesOf({ mode: 'content', content: '4:needle\n5-context' }, '', { ...options, searchPath: 'src/x.ts' });
    expect(outcome?.meta.files).toEqual([{ path: 'src/x.ts', matches: [{ lineNumber: 4, line: 'needle', ranges: [[0, 6]], context: [{ lineNumber: 5, line: 'context' }] }] }]);
    expect(outcome?.contextLines).toBe(0);
  });

  it('is no matches card without line numbers (-n false), and no ranges for a pattern JavaScript refuses', () => {
    expect(grepMatchesOf(undefined, 'src/a.ts', options)).toBeUndefined();
    expect(grepMatchesOf(undefined, 'a.ts:1:x(?<', { ...options, pattern: '(?<' })?.meta.files[0]?.matches[0]).toEqual({ lineNumber: 1, line: 'x(?<' });
  });

  it('is an empty result for no matches, and truncated when Claude Code applied a limit', () => {
    expect(grepMatchesOf(undefined, 'No matches found', options)?.meta).toMatchObject({ files: [], total: 0 });
    expect(grepMatchesOf({ content: 'a:1:needle', appliedLimit: 1 }, '', options)?.meta.truncated).toBe(true);
  });
});

describe('Grep files and Glob as paths', () => {
  it('takes filenames, else the text after "Found N files"', () => {
    expect(grepPathsOf({ filenames: ['/w/a', '/elsewhere/b'], numFiles: 3 }, '', '/w')).toEqual({ shape: 'paths', paths: ['a', '/elsewhere/b'], truncated: true, total: 3 });
    expect(grepPathsOf(undefined, 'Found 2 files\n/w/a\n/w/b', '/w')?.paths).toEqual(['a', 'b']);
    expect(grepPathsOf(undefined, 'No files found', '/w')?.paths).toEqual([]);
  });

  it("takes Glob's filenames and truncated flag, or its text and truncation note", () => {
    expect(globPathsOf({ filenames: ['x.ts'], numFiles: 1, truncated: false }, '', '/w')).toEqual({ shape: 'paths', paths: ['x.ts'], truncated: false, total: 1 });
    expect(globPathsOf(undefined, '/w/x.ts\n(Results are truncated. Consider using a more specific path or pattern.)', '/w')).toEqual({
      shape: 'paths',
      paths: ['x.ts'],
      truncated: true,
      total: 1,
    });
  });
});
