import { z } from 'zod';
import { editorSchema } from './editor-schema';
import { jsonValueSchema, sessionEventSchema, sessionHeaderSchema, sessionIdSchema } from './events';
import { inner, lazySchema } from './lazy-schema';

/** Frames larger than this are refused before parsing. */
export const MAX_INBOUND_FRAME_BYTES = 1024 * 1024;

/** Path of the WebSocket endpoint; the token rides as `?token=`. */
export const WEBSOCKET_PATH = '/ws';

/** A `history` frame stops growing past this many bytes (one event larger than it still goes, alone). */
export const HISTORY_BATCH_BYTES = 256 * 1024;

/** The most events one `tail` or `load-history` request may ask for. */
export const MAX_HISTORY_REQUEST = 10_000;

// ── client → server ─────────────────────────────────────────────────────────

export const clientFrameSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    /**
     * Send every event with seq > afterSeq (-1 for all), then live events. With `tail`, only
     * the last `tail` events of that history are sent (older ones come by `load-history`).
     */
    z.object({
      type: z.literal('subscribe'),
      sessionId: sessionIdSchema,
      afterSeq: z.number().int().min(-1),
      tail: z.number().int().min(1).max(MAX_HISTORY_REQUEST).optional(),
    }),
    /** Send up to `limit` events just before `beforeSeq` as `history` frames, then `history-end`. */
    z.object({
      type: z.literal('load-history'),
      sessionId: sessionIdSchema,
      beforeSeq: z.number().int().min(0),
      limit: z.number().int().min(1).max(MAX_HISTORY_REQUEST),
    }),
    z.object({ type: z.literal('unsubscribe'), sessionId: sessionIdSchema }),
    /** Run one tool directly (origin 'user'). */
    z.object({
      type: z.literal('run-tool'),
      sessionId: sessionIdSchema,
      name: z.string().min(1),
      args: jsonValueSchema,
      requestId: z.string().optional(),
    }),
    /** Plain text for the model. */
    z.object({ type: z.literal('user-message'), sessionId: sessionIdSchema, text: z.string().min(1) }),
    /** Abort one running call, or (without callId) everything running in the session. */
    z.object({ type: z.literal('cancel'), sessionId: sessionIdSchema, callId: z.string().optional() }),
  ]),
);
export type ClientFrame = z.infer<typeof clientFrameSchema>;
export type ClientFrameType = ClientFrame['type'];
/** Written out, not read off the schema (that would build it at load); wire.test.ts keeps the two the same. */
export const CLIENT_FRAME_TYPES: readonly ClientFrameType[] = [
  'subscribe',
  'load-history',
  'unsubscribe',
  'run-tool',
  'user-message',
  'cancel',
] satisfies readonly ClientFrameType[];

// ── server → client ─────────────────────────────────────────────────────────

/**
 * One logged event in a history frame, with its view. A result whose view the client can
 * draw comes lean: `content` empty and `meta` left out (`contentOmitted`), since the view
 * already holds what the card shows; the model-facing text is fetched when needed.
 */
export const historyItemSchema = lazySchema(() =>
  z.object({
    event: inner(sessionEventSchema),
    view: z.unknown().optional(),
    contentOmitted: z.literal(true).optional(),
  }),
);
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const WIRE_ERROR_CODES = [
  'FRAME_TOO_LARGE',
  'BAD_JSON',
  'UNKNOWN_FRAME_TYPE',
  'BAD_FRAME',
  'UNKNOWN_SESSION',
  'MODEL_NOT_CONFIGURED',
  'SLOW_CONSUMER',
  'LOG_WRITE_FAILED',
  /** Another toolcards process is writing the session: it can be watched here, not written. */
  'SESSION_BUSY',
  /** The session mirrors another agent's transcript (Claude Code, Codex): watched here, never written. */
  'SESSION_READ_ONLY',
  'INTERNAL',
] as const;
export type WireErrorCode = (typeof WIRE_ERROR_CODES)[number];

/**
 * Where a call without a result stands. Transient, so never logged: `queued` while it waits
 * for one of the server's tool slots, `running` once it has one, `unsaved` once it ended but
 * the log refused its result (a full disk): the result is lost, and a TOOL_ABORTED result
 * closes the call as soon as the log accepts writes again.
 */
export const CALL_STATES = ['queued', 'running', 'unsaved'] as const;
export type CallState = (typeof CALL_STATES)[number];

export const modelInfoSchema = lazySchema(() => z.object({ model: z.string(), baseUrl: z.string() }));
export type ModelInfo = z.infer<typeof modelInfoSchema>;

export const serverFrameSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('hello'),
      version: z.string(),
      workspace: z.string(),
      model: inner(modelInfoSchema).nullable(),
      /** As ServerInfo's: the hello is the server's identity when the socket opens first. */
      editor: editorSchema,
    }),
    /**
     * The history that follows covers seqs `fromSeq`..`lastSeq` (none when fromSeq > lastSeq);
     * `lastSeq` is the session's last event when the subscription started.
     */
    z.object({
      type: z.literal('subscribed'),
      sessionId: sessionIdSchema,
      header: inner(sessionHeaderSchema),
      fromSeq: z.number().int().min(0),
      lastSeq: z.number().int().min(-1),
    }),
    /** Logged events in seq order, batched (HISTORY_BATCH_BYTES); results lean (see historyItemSchema). */
    z.object({ type: z.literal('history'), sessionId: sessionIdSchema, items: z.array(inner(historyItemSchema)) }),
    /** A `load-history` answer is complete: seqs fromSeq..beforeSeq-1 were sent. */
    z.object({
      type: z.literal('history-end'),
      sessionId: sessionIdSchema,
      fromSeq: z.number().int().min(0),
      beforeSeq: z.number().int().min(0),
    }),
    /**
     * One event, with the view the server computed for it (tool/call → call view,
     * tool/result → result view). The view is validated again on arrival.
     */
    z.object({
      type: z.literal('event'),
      sessionId: sessionIdSchema,
      event: inner(sessionEventSchema),
      view: z.unknown().optional(),
    }),
    /** History up to `lastSeq` has been sent; what follows is live. */
    z.object({ type: z.literal('caught-up'), sessionId: sessionIdSchema, lastSeq: z.number().int().min(-1) }),
    /**
     * A call's transient state (see CALL_STATES). A call is running unless told otherwise;
     * `running` follows only a `queued`, and a call cancelled while queued gets no `running`,
     * only its result (or `unsaved`, if that result cannot be logged). A call's result event
     * ends any state. The calls queued or unsaved at subscribe time are sent right after
     * `caught-up`.
     */
    z.object({ type: z.literal('call-state'), sessionId: sessionIdSchema, callId: z.string(), state: z.enum(CALL_STATES) }),
    /**
     * Files this session's cards show changed on disk (a read card's freshness may differ now).
     * Paths as the cards name them; sent only for files a card asked the freshness of.
     */
    z.object({ type: z.literal('files-changed'), sessionId: sessionIdSchema, paths: z.array(z.string()).min(1) }),
    z.object({
      type: z.literal('error'),
      code: z.enum(WIRE_ERROR_CODES),
      message: z.string(),
      sessionId: z.string().optional(),
      requestId: z.string().optional(),
    }),
  ]),
);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
