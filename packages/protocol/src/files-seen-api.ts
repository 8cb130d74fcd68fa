import { z } from 'zod';
import { sessionIdSchema } from './events';
import { inner, lazySchema } from './lazy-schema';

// ── Files the agent has seen ────────────────────────────────────────────────
//   GET /api/sessions/:id/files[?after=SEQ]      → FilesSeenResponse
//   GET /api/sessions/:id/files/cards?path=P     → FileCardsResponse
// Computed from the session's log when asked, never persisted: live and replay agree.
// `after` asks only for the files that events after SEQ touched (a client that holds the
// answer up to SEQ replaces those entries), so a refresh costs what changed.

/** Matched lines listed per file (for a minimap); `grep.hits` counts them all. */
export const MAX_GREP_LINES_LISTED = 500;

const lineNumber = z.number().int().min(1);
const count = z.number().int().min(0);
const seq = z.number().int().min(0);

/** Lines `first`..`last`, both included, 1-based. */
export const seenLineRangeSchema = lazySchema(() =>
  z.tuple([lineNumber, lineNumber]).refine(([first, last]) => first <= last, 'a range ends before it starts'),
);
export type SeenLineRange = z.infer<typeof seenLineRangeSchema>;

/**
 * How a card touched the file: a read window (`read`), grep matches in it (`matches`), or a
 * glob listing it (`paths`) — the result's shape, not the tool's name.
 */
export const FILE_TOUCHES = ['read', 'matches', 'paths'] as const;
export type FileTouch = (typeof FILE_TOUCHES)[number];

export const fileCardSchema = lazySchema(() =>
  z.object({
    callId: z.string(),
    touch: z.enum(FILE_TOUCHES),
    /** The call's seq: the card's address. Absent when the log has the result without its call. */
    callSeq: seq.optional(),
    resultSeq: seq,
    /** A read's window: its first and last line (absent when it held none). */
    window: inner(seenLineRangeSchema).optional(),
  }),
);
export type FileCard = z.infer<typeof fileCardSchema>;

export const fileReadCoverageSchema = lazySchema(() =>
  z.object({
    /** The union of every read window (only the lines each window held), sorted, disjoint, not adjacent. */
    ranges: z.array(inner(seenLineRangeSchema)),
    /** Lines in `ranges` within the file's latest `totalLines`. */
    linesSeen: count,
    /** From the latest read of the file. */
    totalLines: count,
    /** `linesSeen` of `totalLines`, 0–100, rounded down to a tenth (100 only when every line was read). */
    percentSeen: z.number().min(0).max(100),
    reads: z.number().int().min(1),
    /** The latest read's call: ask its freshness to know whether what the agent saw went stale. */
    latestCallId: z.string(),
  }),
);
export type FileReadCoverage = z.infer<typeof fileReadCoverageSchema>;

export const fileGrepHitsSchema = lazySchema(() =>
  z.object({
    /** Distinct lines of the file that grep matched (in the results as logged). */
    hits: count,
    /** A search that matched the file was capped: the file may have more matches than `hits`. */
    capped: z.boolean(),
    /** Searches whose result named the file. */
    searches: z.number().int().min(1),
    /** The matched lines, ascending: the first MAX_GREP_LINES_LISTED of them. */
    lines: z.array(lineNumber).max(MAX_GREP_LINES_LISTED),
  }),
);
export type FileGrepHits = z.infer<typeof fileGrepHitsSchema>;

export const fileSeenSchema = lazySchema(() =>
  z.object({
    path: z.string().min(1),
    read: inner(fileReadCoverageSchema).optional(),
    grep: inner(fileGrepHitsSchema).optional(),
    /** Glob results that listed the file. */
    glob: z.object({ listings: z.number().int().min(1) }).optional(),
    /** Cards that touched the file (they are listed by `files/cards`). */
    cardCount: z.number().int().min(1),
  }),
);
export type FileSeen = z.infer<typeof fileSeenSchema>;

export const filesSeenResponseSchema = lazySchema(() =>
  z.object({
    sessionId: sessionIdSchema,
    /** The answer covers the log up to this seq (-1: an empty log). */
    throughSeq: z.number().int().min(-1),
    /** Echoes `?after=`: only files touched after that seq are listed, each in full. */
    afterSeq: z.number().int().min(-1).optional(),
    /** Sorted by path. */
    files: z.array(inner(fileSeenSchema)),
  }),
);
export type FilesSeenResponse = z.infer<typeof filesSeenResponseSchema>;

/** One file with every card that touched it, in log order; `file` is null when the session never touched it. */
export const fileCardsResponseSchema = lazySchema(() =>
  z.object({
    sessionId: sessionIdSchema,
    throughSeq: z.number().int().min(-1),
    file: inner(fileSeenSchema).extend({ cards: z.array(inner(fileCardSchema)).min(1) }).nullable(),
  }),
);
export type FileCardsResponse = z.infer<typeof fileCardsResponseSchema>;
