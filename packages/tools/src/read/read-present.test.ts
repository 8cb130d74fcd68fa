import { describe, expect, it } from 'vitest';
import type { JsonValue } from '@toolcards/protocol';
import type { ToolResult } from '../tool';
import { errorResult } from '../tool-error';
import { readPresentationMeta } from './read-meta';
import { presentReadCall, presentReadResult, readTitle } from './read-present';
import { renderReadText } from './read-render';
import type { ReadWindow } from './read-window';
import { readWindowHash } from './read-window-hash';

const window: ReadWindow = {
  offset: 2,
  lines: [
    { number: 2, text: 'const a = 1;' },
    { number: 3, text: 'const b = 2;' },
  ],
  totalLines: 3,
  end: 'end-of-file',
};
const args = { path: 'src/a.ts', offset: 2 };
const file = { mtimeMs: 1_700_000_000_000, size: 26 };
const good: ToolResult = {
  content: [{ type: 'text', text: renderReadText('src/a.ts', window, 51200) }],
  isError: false,
  meta: readPresentationMeta('src/a.ts', window, file),
};

describe('readTitle and presentReadCall', () => {
  it.each([
    [{ path: 'src/a.ts' }, 'Read src/a.ts'],
    [{ path: 'src/a.ts', offset: 10, limit: 31 }, 'Read src/a.ts (10 - 40)'],
    [{ path: 'src/a.ts', limit: 5 }, 'Read src/a.ts (1 - 5)'],
    [{ path: 'src/a.ts', offset: 7 }, 'Read src/a.ts (from 7)'],
    [{ path: 'a\nb.ts' }, 'Read a b.ts'],
  ])('%j → %s', (callArgs, title) => {
    expect(readTitle(callArgs)).toBe(title);
  });

  it('is a generic read call with a follow-along location', () => {
    expect(presentReadCall({ path: 'src/a.ts', offset: 10, limit: 31 })).toEqual({
      card: 'generic',
      title: 'Read src/a.ts (10 - 40)',
      kind: 'read',
      locations: [{ path: 'src/a.ts', line: 10 }],
    });
    expect(presentReadCall({ path: 'x' }).locations).toEqual([{ path: 'x' }]);
  });

  it('clips a very long path in the title', () => {
    const title = readTitle({ path: 'd/'.repeat(100) });
    expect(title.length).toBeLessThanOrEqual('Read '.length + 80);
    expect(title).toContain('…');
    expect(title.endsWith('d/')).toBe(true);
  });
});

describe('readPresentationMeta', () => {
  it('carries path, offset, lines, totalLines, a language hint when there is one, and the file as read', () => {
    expect(good.meta).toEqual({
      path: 'src/a.ts',
      offset: 2,
      lines: window.lines,
      totalLines: 3,
      lang: 'typescript',
      mtimeMs: file.mtimeMs,
      size: file.size,
      windowHash: readWindowHash(window.lines),
    });
    expect(readPresentationMeta('notes', window, file)).not.toHaveProperty('lang');
  });
});

describe('presentReadResult', () => {
  it('narrows the meta into a read card carrying the envelope-stripped text', () => {
    expect(presentReadResult(args, good)).toEqual({
      card: 'read',
      title: 'Read src/a.ts (from 2)',
      path: 'src/a.ts',
      offset: 2,
      lines: window.lines,
      totalLines: 3,
      lang: 'typescript',
      mtimeMs: file.mtimeMs,
      size: file.size,
      windowHash: readWindowHash(window.lines),
      content: '2: const a = 1;\n3: const b = 2;\n\n(End of file - 3 lines total)',
    });
  });

  it('is pure: the same args and result give the same view', () => {
    expect(JSON.stringify(presentReadResult(args, good))).toBe(JSON.stringify(presentReadResult(args, structuredClone(good))));
  });

  it('narrows an empty window at a positive offset (a byte cap below the first line)', () => {
    const empty: ReadWindow = { offset: 5, lines: [], totalLines: 9, end: 'byte-cap' };
    const result: ToolResult = {
      content: [{ type: 'text', text: renderReadText('a.ts', empty, 10) }],
      isError: false,
      meta: readPresentationMeta('a.ts', empty, file),
    };
    expect(presentReadResult({ path: 'a.ts' }, result)).toMatchObject({ card: 'read', offset: 5, lines: [], totalLines: 9 });
  });

  const meta = good.meta as { [key: string]: JsonValue };
  it.each<[string, ToolResult]>([
    ['an error result', errorResult('FS_NOT_FOUND', 'File not found: src/a.ts')],
    ['an error flag with valid meta', { ...good, isError: true }],
    ['absent meta (a result logged before the card)', { content: good.content, isError: false }],
    ['meta that is not an object', { ...good, meta: 'read' }],
    ['meta that is an array', { ...good, meta: [meta] }],
    ['meta without lines', { ...good, meta: { ...meta, lines: null } }],
    ['meta with a line below offset', { ...good, meta: { ...meta, lines: [{ number: 1, text: 'x' }] } }],
    ['meta with lines past totalLines', { ...good, meta: { ...meta, totalLines: 2 } }],
    ['meta with a non-string lang', { ...good, meta: { ...meta, lang: 3 } }],
    ['meta with a zero offset', { ...good, meta: { ...meta, offset: 0 } }],
    ['no content', { ...good, content: [] }],
    ['two text blocks', { ...good, content: [...good.content, { type: 'text', text: 'more' }] }],
    ['a malformed envelope with valid meta', { ...good, content: [{ type: 'text', text: '2: const a = 1;' }] }],
    [
      'an envelope for another path',
      { ...good, content: [{ type: 'text', text: renderReadText('src/b.ts', window, 51200) }] },
    ],
  ])('declines %s', (_, result) => {
    expect(presentReadResult(args, result)).toBeUndefined();
  });
});
