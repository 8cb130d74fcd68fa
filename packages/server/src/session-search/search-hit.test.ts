import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '@toolcards/protocol';
import { callLabel, placeHit } from './search-hit';
import { matcherFor, ripgrepArgsFor, sessionSearchQueryOf } from './search-query';

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

describe('sessionSearchQueryOf and ripgrepArgsFor', () => {
  it('reads the flags and refuses empty, multi-line and overlong queries', () => {
    expect(sessionSearchQueryOf(new URLSearchParams('q=a b&case=1&regex=true'))).toEqual(query('a b', { caseSensitive: true, regex: true }));
    for (const bad of ['', 'q=', 'q=%20', 'q=a%0Ab', `q=${'x'.repeat(501)}`]) expect(typeof sessionSearchQueryOf(new URLSearchParams(bad)), bad).toBe('string');
  });

  it('searches a literal as the log writes it, and keeps the pattern one inert argument', () => {
    const args = ripgrepArgsFor(query('say "hi" \\ -e'), '/data/sessions', 5);
    expect(args).toContain('--regexp=say \\"hi\\" \\\\ -e');
    expect(args).toContain('--fixed-strings');
    expect(args).toContain('--max-count=6');
    expect(args.slice(-2)).toEqual(['--', '/data/sessions']);
    expect(ripgrepArgsFor(query('a.b', { regex: true }), '/d', 5)).not.toContain('--fixed-strings');
  });
});

describe('placeHit', () => {
  it('names a read result by its file and cuts one line around the match', () => {
    const text = `1: first\n2: ${'x'.repeat(100)} the needle is here ${'y'.repeat(100)}\n3: last`;
    const hit = placeHit(result(text, { path: 'src/a.ts', offset: 1, lines: [], totalLines: 3 }), matcherFor(query('NEEDLE')), new Map());
    expect(hit.label).toBe('read src/a.ts');
    expect(hit.snippet.startsWith('…')).toBe(true);
    expect(hit.snippet.endsWith('…')).toBe(true);
    expect(hit.snippet).not.toContain('\n');
    const [[start, end]] = hit.ranges as [[number, number]];
    expect(hit.snippet.slice(start, end)).toBe('needle');
  });

  it('uses the call’s label when the call was seen, and honours whole words', () => {
    const labels = new Map([['c1', callLabel('grep', { pattern: 'TODO', path: 'src' })]]);
    expect(placeHit(result('a TODOs b'), matcherFor(query('TODO', { wholeWord: true })), labels)).toEqual({ label: 'grep TODO', snippet: 'a TODOs b', ranges: [] });
    expect(placeHit(result('a TODO b'), matcherFor(query('TODO', { wholeWord: true })), labels).ranges).toEqual([[2, 6]]);
  });

  it('lists a hit it cannot place (a regex JavaScript cannot read) without marks', () => {
    expect(matcherFor(query('(?P<x>a)', { regex: true }))).toBeUndefined();
    expect(placeHit(result('abc'), undefined, new Map())).toEqual({ label: 'tool result', snippet: 'abc', ranges: [] });
  });
});
