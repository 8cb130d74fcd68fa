import { z } from 'zod';
import { TOOL_ERROR_CODES } from './errors';
import type { JsonValue } from './json';
import { sessionSourceSchema } from './session-source';
import { inner, lazySchema } from './lazy-schema';

/** Bumped when the log format changes incompatibly. */
export const SESSION_LOG_VERSION = 1;

const jsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonValueSchema),
    z.record(z.string(), jsonValueSchema),
  ]),
);
export { jsonValueSchema };

export const textBlockSchema = lazySchema(() => z.object({ type: z.literal('text'), text: z.string() }));
/** Model-facing content of a tool result. Text only, for now. */
export const contentBlockSchema = textBlockSchema;
export type ContentBlock = z.infer<typeof contentBlockSchema>;

export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const sessionIdSchema = z.string().regex(SESSION_ID_PATTERN, 'a session id is 1–64 letters, digits, "_" or "-"');

export const sessionHeaderSchema = lazySchema(() =>
  z.object({
    type: z.literal('session'),
    version: z.number().int(),
    id: sessionIdSchema,
    cwd: z.string(),
    createdAt: z.string(),
    /** Who wrote the session; absent: toolcards. Any other source is a read-only mirror of that agent's transcript. */
    source: sessionSourceSchema.optional(),
    /** A mirrored session's transcript file (absolute path), read in place and never written. */
    transcript: z.string().optional(),
    /** A subagent's mirror: the id of the session whose Agent/Task call started it. */
    parent: sessionIdSchema.optional(),
  }),
);
export type SessionHeader = z.infer<typeof sessionHeaderSchema>;

export const toolOriginSchema = z.enum(['model', 'user']);
export type ToolOrigin = z.infer<typeof toolOriginSchema>;

export const toolErrorSchema = lazySchema(() => z.object({ code: z.enum(TOOL_ERROR_CODES), message: z.string() }));

export const turnEndReasonSchema = z.enum(['done', 'cancelled', 'error', 'step-limit']);
export type TurnEndReason = z.infer<typeof turnEndReasonSchema>;

/**
 * Event payloads by type, with `json` checking tool args and result meta. `assistant/text`
 * carries one streamed delta of message `messageId`.
 */
function eventDataSchemasWith(json: z.ZodType<JsonValue>) {
  return {
    'user/message': z.object({ text: z.string() }),
    'assistant/text': z.object({ messageId: z.string(), delta: z.string() }),
    'tool/call': z.object({
      callId: z.string(),
      name: z.string(),
      args: json,
      origin: toolOriginSchema,
    }),
    'tool/result': z.object({
      callId: z.string(),
      content: z.array(inner(contentBlockSchema)),
      isError: z.boolean(),
      error: inner(toolErrorSchema).optional(),
      meta: json.optional(),
    }),
    'turn/end': z.object({
      reason: turnEndReasonSchema,
      /** A readable message when the turn ended on a failure. */
      error: z.string().optional(),
    }),
  } as const;
}

export const eventDataSchemas = lazySchema(() => eventDataSchemasWith(jsonValueSchema));

export type SessionEventType = keyof typeof eventDataSchemas;
export type SessionEventData<T extends SessionEventType> = z.infer<(typeof eventDataSchemas)[T]>;

const eventBase = { seq: z.number().int().nonnegative(), time: z.string() };

function eventSchemaWith(json: z.ZodType<JsonValue>) {
  const data = eventDataSchemasWith(json);
  return z.discriminatedUnion('type', [
    z.object({ ...eventBase, type: z.literal('user/message'), data: data['user/message'] }),
    z.object({ ...eventBase, type: z.literal('assistant/text'), data: data['assistant/text'] }),
    z.object({ ...eventBase, type: z.literal('tool/call'), data: data['tool/call'] }),
    z.object({ ...eventBase, type: z.literal('tool/result'), data: data['tool/result'] }),
    z.object({ ...eventBase, type: z.literal('turn/end'), data: data['turn/end'] }),
  ]);
}

export const sessionEventSchema = lazySchema(() => eventSchemaWith(jsonValueSchema));

/**
 * The same event schema for a value that just came out of `JSON.parse` (a log line): its
 * args and meta are JSON by construction, so their recursive check — most of the cost of
 * replaying a long log, where read metas hold whole files — is skipped. Never for values
 * from anywhere else.
 */
export const parsedSessionEventSchema = lazySchema(() => eventSchemaWith(z.custom<JsonValue>((value) => value !== undefined)));

export type SessionEvent = z.infer<typeof sessionEventSchema>;
export type ToolCallEvent = Extract<SessionEvent, { type: 'tool/call' }>;
export type ToolResultEvent = Extract<SessionEvent, { type: 'tool/result' }>;

/** An event before the log assigns `seq` and `time`. */
export type NewSessionEvent = {
  [T in SessionEventType]: { type: T; data: SessionEventData<T> };
}[SessionEventType];
