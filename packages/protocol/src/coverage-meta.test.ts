import { describe, expect, it } from 'vitest';
import { coverageMetaFromMeta } from './coverage-meta';

describe('coverageMetaFromMeta', () => {
  it('reads a read window’s path, line numbers and length, ignoring the text', () => {
    const meta = { path: 'a.ts', offset: 3, lines: [{ number: 3, text: 'x', cutAtChars: 2000 }], totalLines: 9, lang: 'typescript', windowHash: 'no' };
    expect(coverageMetaFromMeta(meta)).toEqual({ shape: 'read', path: 'a.ts', lines: [{ number: 3 }], totalLines: 9 });
  });

  it('reads a grep’s files and matched lines, and a glob’s paths, each with truncated', () => {
    const grep = { shape: 'matches', files: [{ path: 'a.ts', matches: [{ lineNumber: 4, line: 'x', ranges: [[0, 1]] }] }], truncated: true, total: 9 };
    expect(coverageMetaFromMeta(grep)).toEqual({ shape: 'matches', truncated: true, files: [{ path: 'a.ts', matches: [{ lineNumber: 4 }] }] });
    expect(coverageMetaFromMeta({ shape: 'paths', paths: ['a', 'b'], truncated: false, total: 2 })).toEqual({ shape: 'paths', paths: ['a', 'b'], truncated: false });
  });

  it('rejects what is not one of them', () => {
    const rejected: unknown[] = [
      undefined,
      null,
      'a.ts',
      [],
      {},
      { path: '', lines: [], totalLines: 0 },
      { path: 'a', lines: [{ number: 0 }], totalLines: 1 },
      { path: 'a', lines: [{ number: 1.5 }], totalLines: 2 },
      { path: 'a', lines: [], totalLines: -1 },
      { path: 'a', lines: {}, totalLines: 1 },
      { shape: 'matches', files: [{ path: 'a', matches: [] }], truncated: false },
      { shape: 'matches', files: [{ path: 'a', matches: [{ lineNumber: 0 }] }], truncated: false },
      { shape: 'matches', files: [], truncated: 'no' },
      { shape: 'paths', paths: [''], truncated: false },
      { shape: 'paths', paths: 'a', truncated: false },
      { shape: 'other', paths: [], truncated: false },
      // A shape key means a search: a read meta with one is not a read.
      { shape: 'read', path: 'a', lines: [], totalLines: 0 },
      Object.defineProperty({}, 'path', {
        enumerable: true,
        get() {
          throw new Error('hostile');
        },
      }),
    ];
    for (const [index, meta] of rejected.entries()) expect(coverageMetaFromMeta(meta), `rejected[${index}]`).toBeUndefined();
  });
});
