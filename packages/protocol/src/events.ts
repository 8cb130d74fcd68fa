import { z } from 'zod';
import { TOOL_ERROR_CODES } from './errors';
import type { JsonValue } from './json';

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

export const textBlockSchema = z.object({ type: z.literal('text'), text: z.string() });
/** Model-facing content of a tool result. Text only, for now. */
export const contentBlockSchema = textBlockSchema;
export type ContentBlock = z.infer<typeof contentBlockSchema>;

export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const sessionIdSchema = z.string().regex(SESSION_ID_PATTERN, 'a session id is 1–64 letters, digits, "_" or "-"');

export const sessionHeaderSchema = z.object({
  type: z.literal('session'),
  version: z.number().int(),
  id: sessionIdSchema,
  cwd: z.string(),
  createdAt: z.string(),
});
export type SessionHeader = z.infer<typeof sessionHeaderSchema>;

export const toolOriginSchema = z.enum(['model', 'user']);
export type ToolOrigin = z.infer<typeof toolOriginSchema>;

export const toolErrorSchema = z.object({ code: z.enum(TOOL_ERROR_CODES), message: z.string() });

export const turnEndReasonSchema = z.enum(['done', 'cancelled', 'error', 'step-limit']);
export type TurnEndReason = z.infer<typeof turnEndReasonSchema>;

/** Event payloads by type. `assistant/text` carries one streamed delta of message `messageId`. */
export const eventDataSchemas = {
  'user/message': z.object({ text: z.string() }),
  'assistant/text': z.object({ messageId: z.string(), delta: z.string() }),
  'tool/call': z.object({
    callId: z.string(),
    name: z.string(),
    args: jsonValueSchema,
    origin: toolOriginSchema,
  }),
  'tool/result': z.object({
    callId: z.string(),
    content: z.array(contentBlockSchema),
    isError: z.boolean(),
    error: toolErrorSchema.optional(),
    meta: jsonValueSchema.optional(),
  }),
  'turn/end': z.object({
    reason: turnEndReasonSchema,
    /** A readable message when the turn ended on a failure. */
    error: z.string().optional(),
  }),
} as const;

export type SessionEventType = keyof typeof eventDataSchemas;
export type SessionEventData<T extends SessionEventType> = z.infer<(typeof eventDataSchemas)[T]>;

const eventBase = { seq: z.number().int().nonnegative(), time: z.string() };

export const sessionEventSchema = z.discriminatedUnion('type', [
  z.object({ ...eventBase, type: z.literal('user/message'), data: eventDataSchemas['user/message'] }),
  z.object({ ...eventBase, type: z.literal('assistant/text'), data: eventDataSchemas['assistant/text'] }),
  z.object({ ...eventBase, type: z.literal('tool/call'), data: eventDataSchemas['tool/call'] }),
  z.object({ ...eventBase, type: z.literal('tool/result'), data: eventDataSchemas['tool/result'] }),
  z.object({ ...eventBase, type: z.literal('turn/end'), data: eventDataSchemas['turn/end'] }),
]);
export type SessionEvent = z.infer<typeof sessionEventSchema>;
export type ToolCallEvent = Extract<SessionEvent, { type: 'tool/call' }>;
export type ToolResultEvent = Extract<SessionEvent, { type: 'tool/result' }>;

/** An event before the log assigns `seq` and `time`. */
export type NewSessionEvent = {
  [T in SessionEventType]: { type: T; data: SessionEventData<T> };
}[SessionEventType];
