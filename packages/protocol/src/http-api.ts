import { z } from 'zod';
import { editorSchema } from './editor-schema';
import { sessionHeaderSchema, sessionIdSchema, textBlockSchema } from './events';
import { modelInfoSchema } from './wire';
import { sessionSourceSchema } from './session-source';
import { inner, lazySchema } from './lazy-schema';

// ── HTTP API ────────────────────────────────────────────────────────────────
//   GET  /api/info          → ServerInfo
//   GET  /api/sessions      → SessionListResponse
//   POST /api/sessions      → 201 SessionResponse
//   GET  /api/sessions/:id  → OpenSessionResponse
//   GET  /api/sessions/:id/results/:callId → ResultTextResponse
// Every refusal is an ApiError with one of HTTP_ERROR_CODES.

export const sessionSummarySchema = lazySchema(() =>
  z.object({
    id: sessionIdSchema,
    title: z.string(),
    cwd: z.string(),
    createdAt: z.string(),
    lastActivity: z.string(),
    eventCount: z.number().int().min(0),
    /** Tool calls made (an event count says two per call: its call and its result). */
    toolCalls: z.number().int().min(0),
    /** The first distinct paths the calls touched, at most MAX_SUMMARY_PATHS. */
    paths: z.array(z.string()).max(3),
    /** Who wrote the session (summaries saved before sources existed are toolcards'). */
    source: sessionSourceSchema.default('toolcards'),
    /** A mirrored session's records its importer did not recognise (format drift): how many, and of which types. */
    notUnderstood: z.object({ total: z.number().int().min(1), types: z.array(z.string().max(80)).max(10) }).optional(),
    /** A subagent's session: the session whose Agent/Task call started it (listed under it). */
    parentId: sessionIdSchema.optional(),
    /**
     * A mirrored session listed from the head of its transcript, not mapped yet (a first start
     * lists every transcript before mapping them): its counts and paths come once it is.
     */
    mapping: z.literal(true).optional(),
  }),
);
export const MAX_SUMMARY_PATHS = 3;
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const serverInfoSchema = lazySchema(() =>
  z.object({
    version: z.string(),
    workspace: z.string(),
    model: inner(modelInfoSchema).nullable(),
    /** Where a card's "Open in editor" link points (`--editor`); `none`: no such links. */
    editor: editorSchema,
  }),
);
export type ServerInfo = z.infer<typeof serverInfoSchema>;

export const sessionListResponseSchema = lazySchema(() => z.object({ sessions: z.array(inner(sessionSummarySchema)) }));
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;

export const sessionResponseSchema = lazySchema(() => z.object({ session: inner(sessionSummarySchema) }));
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** A line of the log that could not be replayed (skipped; the rest of the session opened). */
export const logProblemSchema = lazySchema(() => z.object({ line: z.number().int().min(1), message: z.string() }));

export const openSessionResponseSchema = lazySchema(() =>
  inner(sessionResponseSchema).extend({
    header: inner(sessionHeaderSchema),
    problems: z.array(inner(logProblemSchema)),
  }),
);
export type OpenSessionResponse = z.infer<typeof openSessionResponseSchema>;

/**
 * A logged result's model-facing text. History sends results lean (the view only), so
 * whatever needs the text — the generic fallback, Copy — asks for it here.
 */
export const resultTextResponseSchema = lazySchema(() =>
  z.object({
    callId: z.string(),
    isError: z.boolean(),
    content: z.array(inner(textBlockSchema)),
  }),
);
export type ResultTextResponse = z.infer<typeof resultTextResponseSchema>;

/**
 * A capped search's complete result, read from its spill file: first its outline (every
 * file of a grep with its match count, or a glob's path count), then pages on demand.
 */
export const fullResultOutlineSchema = lazySchema(() =>
  z.discriminatedUnion('shape', [
    z.object({
      shape: z.literal('matches'),
      callId: z.string(),
      /** Matches in the whole result. */
      total: z.number().int().min(0),
      files: z.array(z.object({ path: z.string(), matches: z.number().int().min(0) })),
    }),
    z.object({ shape: z.literal('paths'), callId: z.string(), total: z.number().int().min(0) }),
  ]),
);
export type FullResultOutline = z.infer<typeof fullResultOutlineSchema>;

/** One page: a grep file's matches (`?file=N&offset=&limit=`), or a glob's paths (`?offset=&limit=`). */
export const fullResultPageSchema = lazySchema(() =>
  z.discriminatedUnion('shape', [
    z.object({
      shape: z.literal('matches'),
      file: z.number().int().min(0),
      offset: z.number().int().min(0),
      matches: z.array(z.object({ lineNumber: z.number().int().min(1), line: z.string() })),
    }),
    z.object({ shape: z.literal('paths'), offset: z.number().int().min(0), paths: z.array(z.string()) }),
  ]),
);
export type FullResultPage = z.infer<typeof fullResultPageSchema>;

/** Most items a page holds: a client asks again for more. */
export const MAX_FULL_RESULT_PAGE = 1000;

/** A closed list, like WIRE_ERROR_CODES: a client can switch on the code. */
export const HTTP_ERROR_CODES = [
  'BAD_REQUEST',
  'FORBIDDEN_HOST',
  'UNAUTHORIZED',
  'FORBIDDEN_ORIGIN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'UPGRADE_REQUIRED',
  'BAD_SESSION_ID',
  'UNKNOWN_SESSION',
  /** 404: the session has no logged result for that call (yet). */
  'UNKNOWN_RESULT',
  /** 404: the result was not capped, or its full version was not saved, or is gone. */
  'NO_FULL_RESULT',
  /** 404: the call's result is not a read (no freshness to tell). */
  'NOT_A_READ',
  /** 422: the file could not be read (the message says why: not found, not text, outside the workspace…). */
  'READ_FAILED',
  /** 409: the session ran on another folder than the one this server serves: its files are not here to look at. */
  'OTHER_WORKSPACE',
  /** 503: the search across sessions failed or was cut short (timeout, ripgrep failure). */
  'SEARCH_FAILED',
  /** 503: the search across sessions did not finish in time (its ripgrep was stopped): narrow the query. */
  'SEARCH_TIMEOUT',
  /** 409: another toolcards process is writing the session. */
  'SESSION_BUSY',
  /** 409: the session mirrors another agent's transcript: it is watched here, never written. */
  'SESSION_READ_ONLY',
  /** 422: the session's log cannot be opened (e.g. a corrupt header). */
  'SESSION_UNREADABLE',
  /** 507: the data dir's disk is full (or over quota): nothing could be saved. */
  'STORAGE_FULL',
  'INTERNAL',
] as const;
export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number];

export const apiErrorSchema = lazySchema(() =>
  z.object({ error: z.object({ code: z.enum(HTTP_ERROR_CODES), message: z.string() }) }),
);
export type ApiError = z.infer<typeof apiErrorSchema>;
