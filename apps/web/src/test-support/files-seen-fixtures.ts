import type { FileCard, FileSeen, ReadResultView } from '@toolcards/protocol';

/**
 * A session's files as GET /api/sessions/:id/files answers them (sorted by path), for the Files panel's
 * stories and tests and the gallery's checks; and a read card of one of them, for the minimap.
 */
export const filesSeenFixture: readonly FileSeen[] = [
  {
    path: 'README.md',
    glob: { listings: 2 },
    cardCount: 2,
  },
  {
    path: 'packages/server/src/api-routes.ts',
    read: { ranges: [[1, 64]], linesSeen: 64, totalLines: 64, percentSeen: 100, reads: 1, latestCallId: 'call_read_routes' },
    glob: { listings: 1 },
    cardCount: 2,
  },
  {
    path: 'packages/server/src/api.ts',
    read: { ranges: [[1, 40], [90, 120]], linesSeen: 71, totalLines: 200, percentSeen: 35.5, reads: 2, latestCallId: 'call_read_api_2' },
    grep: { hits: 3, capped: false, searches: 1, lines: [12, 95, 180] },
    cardCount: 3,
  },
  {
    path: 'packages/session/src/session-log.ts',
    grep: { hits: 250, capped: true, searches: 2, lines: [4, 8, 15] },
    cardCount: 2,
  },
];

/** The cards of packages/server/src/api.ts, in log order (GET …/files/cards?path=). */
export const apiFileCards: FileCard[] = [
  { callId: 'call_read_api_1', touch: 'read', callSeq: 4, resultSeq: 5, window: [1, 40] },
  { callId: 'call_grep', touch: 'matches', callSeq: 6, resultSeq: 7 },
  { callId: 'call_read_api_2', touch: 'read', callSeq: 10, resultSeq: 11, window: [90, 120] },
];

/** The latest read of api.ts: its card's minimap shows both reads and the grep matches. */
export const apiReadView: ReadResultView = {
  card: 'read',
  path: 'packages/server/src/api.ts',
  offset: 90,
  lines: Array.from({ length: 31 }, (_, index) => ({ number: 90 + index, text: `  // line ${90 + index} of the request handler` })),
  totalLines: 200,
  lang: 'typescript',
};
