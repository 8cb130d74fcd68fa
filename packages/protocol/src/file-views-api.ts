import { z } from 'zod';
import { readFileLineSchema } from './view-schemas';
import { inner, lazySchema } from './lazy-schema';

// ── Looking at files beside the log ─────────────────────────────────────────
//   GET /api/sessions/:id/lines?path=&offset=&limit=      → FileLinesResponse
//   GET /api/sessions/:id/results/:callId/freshness       → ReadFreshnessResponse
// Views, not tool calls: nothing is logged or sent to the model. Both read through the
// read tool's code, caps and workspace confinement.

/** Most lines one `lines` request returns (the read tool's byte cap may stop it sooner). */
export const MAX_FILE_LINES_REQUEST = 500;

/** Lines of a file as it is now, e.g. to grow a read card's window or show a match's context. */
export const fileLinesResponseSchema = lazySchema(() =>
  z.object({
    path: z.string().min(1),
    /** 1-based first line asked for. */
    offset: z.number().int().min(1),
    lines: z.array(inner(readFileLineSchema)),
    totalLines: z.number().int().min(0),
    lang: z.string().optional(),
    /** The file now: a client compares these with a read's meta to tell whether it changed since. */
    mtimeMs: z.number().min(0),
    size: z.number().int().min(0),
  }),
);
export type FileLinesResponse = z.infer<typeof fileLinesResponseSchema>;

/**
 * How the file a read card shows compares with what the agent read:
 * - `unchanged`: same file (or, for a read logged without mtime and size, same window text);
 * - `changed-outside`: the file changed, the window's lines did not;
 * - `changed-inside`: the window's lines are different now (or the file is no longer text);
 * - `deleted`: the file is gone.
 */
export const READ_FRESHNESS_STATES = ['unchanged', 'changed-outside', 'changed-inside', 'deleted'] as const;
export type ReadFreshnessState = (typeof READ_FRESHNESS_STATES)[number];

export const readFreshnessResponseSchema = lazySchema(() =>
  z.object({
    callId: z.string(),
    path: z.string(),
    state: z.enum(READ_FRESHNESS_STATES),
  }),
);
export type ReadFreshnessResponse = z.infer<typeof readFreshnessResponseSchema>;
