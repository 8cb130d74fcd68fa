import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '@toolcards/protocol';
import { callLabel, placeHit } from './search-hit';
import { countArgsFor, locateArgsFor, matchArgsFor, sessionSearchQueryOf, threadsArgFor } from './search-query';

const query = (text: string, options: Partial<{ caseSensitive: boolean; wholeWord: boolean; regex: boolean }> = {}) => ({
  text,
  caseSensitive: false,
  wholeWord: false,
  regex: false,
  ...options,
});

const result = (text: string, meta?: unknown): SessionEvent => ({
  seq: 7,
  time: '2026-12-01T00:00:00Z',
  type: 'tool/result',
  data: { callId: 'c1', content: [{ type: 'text', text }], isError: false, ...(meta === undefined ? {} : { meta: meta as never }) },
});

describe('sessionSearchQueryOf and the ripgrep argv', () => {
  it('reads the flags and refuses empty, multi-line and overlong queries', () => {
    expect(sessionSearchQueryOf(new URLSearchParams('q=a b&case=1&regex=true'))).toEqual(query('a b', { caseSensitive: true, regex: true }));
    for (const bad of ['', 'q=', 'q=%20', 'q=a%0Ab', `q=${'x'.repeat(501)}`]) expect(typeof sessionSearchQueryOf(new URLSearchParams(bad)), bad).toBe('string');
  });

  it('searches a literal as the log writes it, and keeps the pattern one inert argument', () => {
    const match = matchArgsFor(query('say "hi" \\ -e'));
    expect(match).toContain('--regexp=say \\"hi\\" \\\\ -e');
    expect(match).toContain('--fixed-strings');
    expect(matchArgsFor(query('a.b', { regex: true }))).not.toContain('--fixed-strings');
    const locate = locateArgsFor(match, { dir: '/data/sessions' }, 6);
    expect(locate).toContain('--max-count=6');
    expect(locate.slice(-2)).toEqual(['--', '/data/sessions']);
    expect(countArgsFor(match, { files: ['/d/a.jsonl', '/d/b.jsonl'] }).slice(-3)).toEqual(['--', '/d/a.jsonl', '/d/b.jsonl']);
  });

  it('never asks ripgrep to print a logged line: locate records carry offsets, not the text', () => {
    const locate = locateArgsFor(matchArgsFor(query('x')), { dir: '/d' }, 6);
    expect(locate).toEqual(expect.arrayContaining(['--max-columns=1', '--byte-offset', '--null']));
    // --column and --json find every match of a line: 100,000 in one big result of a common word.
    expect(locate).not.toContain('--json');
    expect(locate).not.toContain('--column');
  });

  it('leaves one core to the server when scanning every log', () => {
    expect([1, 2, 8].map(threadsArgFor)).toEqual(['--threads=1', '--threads=1', '--threads=7']);
  });
});

describe('placeHit', () => {
  it('names a read result by its file and keeps the snippet it is given', () => {
    const hit = placeHit(result('1: the needle', { path: 'src/a.ts', offset: 1, lines: [], totalLines: 1 }), { snippet: '1: the needle', ranges: [[7, 13]] }, new Map());
    expect(hit).toEqual({ label: 'read src/a.ts', snippet: '1: the needle', ranges: [[7, 13]] });
  });

  it('uses the call’s label when the call was seen', () => {
    const labels = new Map([['c1', callLabel('grep', { pattern: 'TODO', path: 'src' })]]);
    expect(placeHit(result('a TODO b'), undefined, labels)).toEqual({ label: 'grep TODO', snippet: 'a TODO b', ranges: [] });
  });

  it('lists a hit whose match is in the event’s structure with its first line, unmarked', () => {
    expect(placeHit(result('abc\ndef'), undefined, new Map())).toEqual({ label: 'tool result', snippet: 'abc', ranges: [] });
  });
});
