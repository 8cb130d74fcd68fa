import type { ServerFrame, SessionSearchResponse } from '@toolcards/protocol';

/** A word found once, in a search card's group that starts collapsed. */
export const FIND_WORD = 'zebraquokka';
export const FIND_FILE_INDEX = 27;

/** One grep of 30 files × 3 matches, as the server delivers it live: its call, then its result with the search view. */
export function grepFrames(sessionId: string): ServerFrame[] {
  const files = Array.from({ length: 30 }, (_, index) => ({
    path: `src/mod${String(index).padStart(2, '0')}.ts`,
    matches: [
      { lineNumber: 1, line: `// common helpers ${index}`, ranges: [[3, 9]] as [number, number][] },
      { lineNumber: 2, line: index === FIND_FILE_INDEX ? `export const common = "${FIND_WORD}";` : `export const common${index} = ${index};`, ranges: [[13, 19]] as [number, number][] },
      { lineNumber: 3, line: `export function common${index}Fn() { return common${index}; }`, ranges: [[16, 22]] as [number, number][] },
    ],
  }));
  return [
    { type: 'event', sessionId, event: { seq: 0, time: '2026-12-01T00:00:00Z', type: 'tool/call', data: { callId: 'c1', name: 'grep', args: { pattern: 'common' }, origin: 'user' } }, view: { card: 'generic', title: 'Grep common', kind: 'search' } },
    {
      type: 'event',
      sessionId,
      event: { seq: 1, time: '2026-12-01T00:00:01Z', type: 'tool/result', data: { callId: 'c1', content: [{ type: 'text', text: 'Found 90 matches' }], isError: false } },
      view: { card: 'search', shape: 'matches', title: 'Grep common', files, truncated: false, total: 90 },
    },
  ];
}

/** What the server answers a search across sessions for "needle". */
export const sessionSearchAnswer: SessionSearchResponse = {
  query: 'needle',
  hits: [
    { sessionId: 's2', title: 'Fix the parser', seq: 41, label: 'read src/parse.ts', snippet: '12: const needle = parse(input);', ranges: [[10, 16]] },
    { sessionId: 's2', title: 'Fix the parser', seq: 57, label: 'grep needle', snippet: 'src/lex.ts:3: const needle = [];', ranges: [[20, 26]] },
    { sessionId: 's3', title: 'Where did the needle go?', seq: 0, label: 'your message', snippet: 'where is the needle in this haystack?', ranges: [[13, 19]] },
  ],
  truncated: false,
  more: 0,
  sessions: 2,
};
