import { z } from 'zod';
import { sessionIdSchema } from './events';
import { matchRangeSchema } from './search-view';
import { inner, lazySchema } from './lazy-schema';

// ── Search across sessions ──────────────────────────────────────────────────
//   GET /api/search?q=&case=1&word=1&regex=1 → SessionSearchResponse
// Runs the packaged ripgrep over the data dir's session logs (tool calls and results
// included); each hit is an event of a session, opened by its card address #/s/<id>/<seq>.

/** Longest query accepted. */
export const MAX_SEARCH_QUERY = 500;
/** Most hits one answer lists, and most per session. */
export const MAX_SEARCH_HITS = 200;
export const MAX_SEARCH_HITS_PER_SESSION = 5;

export const sessionSearchHitSchema = lazySchema(() =>
  z.object({
    sessionId: sessionIdSchema,
    /** The session's title (its first message or command). */
    title: z.string(),
    seq: z.number().int().min(0),
    /** What the hit is, in a few words: "read src/a.ts", "grep needle", "your message". */
    label: z.string(),
    /** One line around the match, cut to a few dozen characters each side. */
    snippet: z.string(),
    /** The match in `snippet` ([start, end) in UTF-16 units); empty when it could not be placed. */
    ranges: z.array(matchRangeSchema),
  }),
);
export type SessionSearchHit = z.infer<typeof sessionSearchHitSchema>;

export const sessionSearchResponseSchema = lazySchema(() =>
  z.object({
    query: z.string(),
    hits: z.array(inner(sessionSearchHitSchema)),
    /** More hits exist than were listed (MAX_SEARCH_HITS, or MAX_SEARCH_HITS_PER_SESSION in a session): `more` > 0. */
    truncated: z.boolean(),
    /** Matching events not listed: every event that matches is a hit or counted here. */
    more: z.number().int().min(0),
    /** Sessions whose logs matched, listed or not. */
    sessions: z.number().int().min(0),
  }),
);
export type SessionSearchResponse = z.infer<typeof sessionSearchResponseSchema>;
