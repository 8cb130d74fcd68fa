import { z } from 'zod';
import { jsonValueSchema, sessionEventSchema, sessionHeaderSchema, sessionIdSchema } from './events';

/** Frames larger than this are refused before parsing. */
export const MAX_INBOUND_FRAME_BYTES = 1024 * 1024;

/** Path of the WebSocket endpoint; the token rides as `?token=`. */
export const WEBSOCKET_PATH = '/ws';

// ── client → server ─────────────────────────────────────────────────────────

export const clientFrameSchema = z.discriminatedUnion('type', [
  /** Send every event with seq > afterSeq (-1 for all), then live events. */
  z.object({ type: z.literal('subscribe'), sessionId: sessionIdSchema, afterSeq: z.number().int().min(-1) }),
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
]);
export type ClientFrame = z.infer<typeof clientFrameSchema>;
export type ClientFrameType = ClientFrame['type'];
export const CLIENT_FRAME_TYPES: readonly ClientFrameType[] = clientFrameSchema.options.map(
  (option) => option.shape.type.value,
);

// ── server → client ─────────────────────────────────────────────────────────

export const WIRE_ERROR_CODES = [
  'FRAME_TOO_LARGE',
  'BAD_JSON',
  'UNKNOWN_FRAME_TYPE',
  'BAD_FRAME',
  'UNKNOWN_SESSION',
  'MODEL_NOT_CONFIGURED',
  'SLOW_CONSUMER',
  'INTERNAL',
] as const;
export type WireErrorCode = (typeof WIRE_ERROR_CODES)[number];

export const modelInfoSchema = z.object({ model: z.string(), baseUrl: z.string() });
export type ModelInfo = z.infer<typeof modelInfoSchema>;

export const serverFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    version: z.string(),
    workspace: z.string(),
    model: modelInfoSchema.nullable(),
  }),
  z.object({ type: z.literal('subscribed'), sessionId: sessionIdSchema, header: sessionHeaderSchema }),
  /**
   * One event, with the view the server computed for it (tool/call → call view,
   * tool/result → result view). The view is validated again on arrival.
   */
  z.object({
    type: z.literal('event'),
    sessionId: sessionIdSchema,
    event: sessionEventSchema,
    view: z.unknown().optional(),
  }),
  /** History up to `lastSeq` has been sent; what follows is live. */
  z.object({ type: z.literal('caught-up'), sessionId: sessionIdSchema, lastSeq: z.number().int().min(-1) }),
  z.object({
    type: z.literal('error'),
    code: z.enum(WIRE_ERROR_CODES),
    message: z.string(),
    sessionId: z.string().optional(),
    requestId: z.string().optional(),
  }),
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;

// ── HTTP API ────────────────────────────────────────────────────────────────

export const sessionSummarySchema = z.object({
  id: sessionIdSchema,
  title: z.string(),
  cwd: z.string(),
  createdAt: z.string(),
  lastActivity: z.string(),
  eventCount: z.number().int().min(0),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const serverInfoSchema = z.object({
  version: z.string(),
  workspace: z.string(),
  model: modelInfoSchema.nullable(),
});
export type ServerInfo = z.infer<typeof serverInfoSchema>;

export const apiErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export type ApiError = z.infer<typeof apiErrorSchema>;
