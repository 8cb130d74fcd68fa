import { describe, expect, it } from 'vitest';
import { textQueryPattern, type JsonValue, type SessionEvent, type TextQuery } from '@toolcards/protocol';
import { TimelineBuilder } from '../model/rows-from-events';
import type { TimelineRow } from '../model/timeline-row';
import { SessionFindIndex, MAX_FIND_HITS } from './session-find-index';

let seq = 0;
const event = (type: SessionEvent['type'], data: Record<string, unknown>): SessionEvent => ({ seq: seq++, time: '2026-12-01T00:00:00Z', type, data } as SessionEvent);

/** Rows as the store builds them from delivered events and server views. */
function rowsOf(deliveries: { event: SessionEvent; view?: unknown }[]): readonly TimelineRow[] {
  const builder = new TimelineBuilder();
  for (const delivery of deliveries) builder.append(delivery);
  return builder.rowsSnapshot();
}

function toolCall(callId: string, name: string, args: JsonValue, view: unknown) {
  return [
    { event: event('tool/call', { callId, name, args, origin: 'user' }), view: { card: 'generic', title: `${name} call` } },
    { event: event('tool/result', { callId, content: [{ type: 'text', text: 'model text' }], isError: false }), view },
  ];
}

const pattern = (text: string, options: Partial<TextQuery> = {}) => {
  const built = textQueryPattern({ text, caseSensitive: false, wholeWord: false, regex: false, ...options });
  if (!built.ok) throw new Error(built.message);
  return built.regexp;
};

describe('SessionFindIndex', () => {
  seq = 0;
  const rows = rowsOf([
    { event: event('user/message', { text: 'where is the parser?' }) },
    ...toolCall('c1', 'read', { path: 'src/parse.ts' }, {
      card: 'read', path: 'src/parse.ts', offset: 10, totalLines: 40, lang: 'typescript',
      lines: [{ number: 10, text: 'export function parse(input: string) {' }, { number: 11, text: '  return tokens(input);' }],
    }),
    ...toolCall('c2', 'grep', { pattern: 'tokens' }, {
      card: 'search', shape: 'matches', truncated: false, total: 2,
      files: [
        { path: 'src/lex.ts', matches: [{ lineNumber: 3, line: 'const tokens = [];' }] },
        { path: 'src/parse.ts', matches: [{ lineNumber: 11, line: '  return tokens(input);' }] },
      ],
    }),
    ...toolCall('c3', 'glob', { pattern: '**/*.md' }, { card: 'search', shape: 'paths', truncated: false, total: 1, paths: ['docs/parser.md'] }),
  ]);

  it('finds text in every kind of card, with where in the card it is', () => {
    const index = new SessionFindIndex();
    const { hits, capped } = index.search(rows, pattern('tokens'));
    expect(capped).toBe(false);
    expect(hits.map((hit) => ({ seq: hit.seq, where: hit.where.part, start: hit.start, end: hit.end }))).toEqual([
      { seq: 1, where: 'read-line', start: 9, end: 15 },
      { seq: 3, where: 'match-line', start: 6, end: 12 },
      { seq: 3, where: 'match-line', start: 9, end: 15 },
    ]);
    const [read, lex, parse] = hits;
    expect(read!.where).toMatchObject({ line: 11 });
    expect(lex!.where).toMatchObject({ file: 0, line: 3 });
    expect(parse!.where).toMatchObject({ file: 1, line: 11 });
    expect(index.search(rows, pattern('parser')).hits.map((hit) => hit.where.part)).toEqual(['text', 'found-path']);
  });

  it('honours case and whole words, and never matches across two texts of a card', () => {
    const index = new SessionFindIndex();
    expect(index.search(rows, pattern('PARSE', { caseSensitive: true })).hits).toEqual([]);
    expect(index.search(rows, pattern('parse', { wholeWord: true })).hits.map((hit) => hit.where.part)).toEqual(['read-line', 'match-path']);
    // "{" ends line 10 and "  return" starts line 11: joined for the search, never one match.
    expect(index.search(rows, pattern('\\{\\n', { regex: true })).hits).toEqual([]);
  });

  it('stops at MAX_FIND_HITS and says so', () => {
    seq = 0;
    const many = rowsOf([{ event: event('user/message', { text: 'a '.repeat(MAX_FIND_HITS + 5) }) }]);
    const result = new SessionFindIndex().search(many, pattern('a'));
    expect(result.capped).toBe(true);
    expect(result.hits).toHaveLength(MAX_FIND_HITS);
  });
});
