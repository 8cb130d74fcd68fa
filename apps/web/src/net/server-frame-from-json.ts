import {
  assertNever,
  isJsonObject,
  serverFrameSchema,
  SESSION_ID_PATTERN,
  TOOL_ERROR_CODES,
  type ContentBlock,
  type HistoryItem,
  type JsonValue,
  type ServerFrame,
  type SessionEvent,
  type ToolError,
  type TurnEndReason,
} from '@toolcards/protocol';

export type EventFrame = Extract<ServerFrame, { type: 'event' }>;
export type HistoryFrame = Extract<ServerFrame, { type: 'history' }>;

const EVENT_TYPES: ReadonlySet<string> = new Set<SessionEvent['type']>([
  'user/message', 'assistant/text', 'tool/call', 'tool/result', 'turn/end',
]);
const TURN_END_REASONS: ReadonlySet<string> = new Set(['done', 'cancelled', 'error', 'step-limit']);
const ERROR_CODES: ReadonlySet<string> = new Set(TOOL_ERROR_CODES);
const SESSION_ID = SESSION_ID_PATTERN;
/** Arrays and objects nested deeper than this in args or meta are refused (see isSchemaJson). */
const MAX_JSON_DEPTH = 512;

/**
 * Parses one server frame. Rare frames are checked against the full schema; `event`
 * frames — up to 100k per session, with large metas — and `history` batches of them get
 * a structural check of the same rules, because the full recursive schema costs more than
 * the JSON parse itself. Either way the result is what `serverFrameSchema` would return:
 * the frame if and only if the schema accepts it, with the fields it knows (unknown keys
 * dropped, as the schema drops them: the store reads `contentOmitted` off whatever it is
 * given). Views stay unknown: the cards validate them when they render. Returns undefined
 * for anything malformed or unknown (a newer server): never throws.
 */
export function serverFrameFromJson(text: string): ServerFrame | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isJsonObject(value)) return undefined;
  if (value.type === 'event') return eventFrameFrom(value);
  if (value.type === 'history') return historyFrameFrom(value);
  const parsed = serverFrameSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

function eventFrameFrom(frame: Record<string, unknown>): EventFrame | undefined {
  const { sessionId, view } = frame;
  const event = eventFrom(frame.event);
  if (!isSessionId(sessionId) || event === undefined) return undefined;
  return view === undefined ? { type: 'event', sessionId, event } : { type: 'event', sessionId, event, view };
}

/** A batch of history: every item is checked like an event frame; one bad item rejects the frame. */
function historyFrameFrom(frame: Record<string, unknown>): HistoryFrame | undefined {
  const { sessionId, items } = frame;
  if (!isSessionId(sessionId) || !Array.isArray(items)) return undefined;
  const checked: HistoryItem[] = [];
  for (const item of items) {
    if (!isJsonObject(item)) return undefined;
    const { view, contentOmitted } = item;
    const event = eventFrom(item.event);
    if (event === undefined || (contentOmitted !== undefined && contentOmitted !== true)) return undefined;
    checked.push({ event, ...(view === undefined ? {} : { view }), ...(contentOmitted === true ? { contentOmitted } : {}) });
  }
  return { type: 'history', sessionId, items: checked };
}

function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID.test(value);
}

function eventFrom(event: unknown): SessionEvent | undefined {
  if (!isJsonObject(event)) return undefined;
  const { seq, time, type, data } = event;
  if (!Number.isSafeInteger(seq) || (seq as number) < 0 || typeof time !== 'string') return undefined;
  if (typeof type !== 'string' || !EVENT_TYPES.has(type) || !isJsonObject(data)) return undefined;
  const checked = eventDataFrom(type as SessionEvent['type'], data);
  return checked === undefined ? undefined : ({ seq: seq as number, time, type, data: checked } as SessionEvent);
}

/** The payload with the fields its schema knows, or undefined when one is wrong. */
function eventDataFrom(type: SessionEvent['type'], data: Record<string, unknown>): SessionEvent['data'] | undefined {
  switch (type) {
    case 'user/message':
      return typeof data.text === 'string' ? { text: data.text } : undefined;
    case 'assistant/text':
      return typeof data.messageId === 'string' && typeof data.delta === 'string' ? { messageId: data.messageId, delta: data.delta } : undefined;
    case 'tool/call': {
      const { callId, name, args, origin } = data;
      if (typeof callId !== 'string' || typeof name !== 'string' || (origin !== 'model' && origin !== 'user')) return undefined;
      return args !== undefined && isSchemaJson(args) ? { callId, name, args: args as JsonValue, origin } : undefined;
    }
    case 'tool/result': {
      const { callId, isError, content, error, meta } = data;
      if (typeof callId !== 'string' || typeof isError !== 'boolean' || !Array.isArray(content)) return undefined;
      const blocks: ContentBlock[] = [];
      for (const block of content) {
        if (!isJsonObject(block) || block.type !== 'text' || typeof block.text !== 'string') return undefined;
        blocks.push({ type: 'text', text: block.text });
      }
      let checkedError: ToolError | undefined;
      if (error !== undefined) {
        if (!isJsonObject(error) || typeof error.code !== 'string' || !ERROR_CODES.has(error.code) || typeof error.message !== 'string') return undefined;
        checkedError = { code: error.code as ToolError['code'], message: error.message };
      }
      if (meta !== undefined && !isSchemaJson(meta)) return undefined;
      return {
        callId,
        content: blocks,
        isError,
        ...(checkedError === undefined ? {} : { error: checkedError }),
        ...(meta === undefined ? {} : { meta: meta as JsonValue }),
      };
    }
    case 'turn/end': {
      const { reason, error } = data;
      if (typeof reason !== 'string' || !TURN_END_REASONS.has(reason) || (error !== undefined && typeof error !== 'string')) return undefined;
      return { reason: reason as TurnEndReason, ...(error === undefined ? {} : { error }) };
    }
    default:
      return assertNever(type, 'event type');
  }
}

/**
 * Args and metas are JSON values to the schema, which refuses the one thing JSON.parse can
 * give beyond them — a number too large to hold (`1e999` is Infinity) — and cannot check a
 * value nested past its stack (about 1,500 levels in Node, fewer in a small stack): past
 * MAX_JSON_DEPTH they are refused here, so this recursion stays shallow too.
 */
function isSchemaJson(value: unknown, depth = 1): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object' || value === null) return true;
  if (depth > MAX_JSON_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!isSchemaJson(item, depth + 1)) return false;
    return true;
  }
  for (const key in value) if (!isSchemaJson((value as Record<string, unknown>)[key], depth + 1)) return false;
  return true;
}
