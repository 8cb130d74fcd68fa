import { assertNever, isJsonObject, serverFrameSchema, SESSION_ID_PATTERN, TOOL_ERROR_CODES, type ServerFrame, type SessionEvent } from '@toolcards/protocol';

export type EventFrame = Extract<ServerFrame, { type: 'event' }>;
export type HistoryFrame = Extract<ServerFrame, { type: 'history' }>;

const EVENT_TYPES: ReadonlySet<string> = new Set<SessionEvent['type']>([
  'user/message', 'assistant/text', 'tool/call', 'tool/result', 'turn/end',
]);
const TURN_END_REASONS: ReadonlySet<string> = new Set(['done', 'cancelled', 'error', 'step-limit']);
const ERROR_CODES: ReadonlySet<string> = new Set(TOOL_ERROR_CODES);
const SESSION_ID = SESSION_ID_PATTERN;

/**
 * Parses one server frame. Rare frames are checked against the full schema; `event`
 * frames — up to 100k per session, with large metas — get a structural check of exactly
 * the fields the client reads, because the full recursive schema costs more than the
 * JSON parse itself. Views stay unknown: the cards validate them when they render.
 * Returns undefined for anything malformed or unknown (a newer server): never throws.
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
  const { sessionId, event } = frame;
  if (!isSessionId(sessionId) || !eventLooksRight(event)) return undefined;
  return frame as unknown as EventFrame;
}

/** A batch of history: every item is checked like an event frame; one bad item rejects the frame. */
function historyFrameFrom(frame: Record<string, unknown>): HistoryFrame | undefined {
  const { sessionId, items } = frame;
  if (!isSessionId(sessionId) || !Array.isArray(items)) return undefined;
  for (const item of items) {
    if (!isJsonObject(item) || !eventLooksRight(item.event)) return undefined;
    if (item.contentOmitted !== undefined && item.contentOmitted !== true) return undefined;
  }
  return frame as unknown as HistoryFrame;
}

function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID.test(value);
}

function eventLooksRight(event: unknown): boolean {
  if (!isJsonObject(event)) return false;
  const { seq, time, type, data } = event;
  if (!Number.isSafeInteger(seq) || (seq as number) < 0 || typeof time !== 'string') return false;
  if (typeof type !== 'string' || !EVENT_TYPES.has(type) || !isJsonObject(data)) return false;
  return eventDataLooksRight(type as SessionEvent['type'], data);
}

function eventDataLooksRight(type: SessionEvent['type'], data: Record<string, unknown>): boolean {
  switch (type) {
    case 'user/message':
      return typeof data.text === 'string';
    case 'assistant/text':
      return typeof data.messageId === 'string' && typeof data.delta === 'string';
    case 'tool/call':
      return typeof data.callId === 'string' && typeof data.name === 'string' && 'args' in data
        && (data.origin === 'model' || data.origin === 'user');
    case 'tool/result':
      return typeof data.callId === 'string' && typeof data.isError === 'boolean'
        && Array.isArray(data.content)
        && data.content.every((block) => isJsonObject(block) && block.type === 'text' && typeof block.text === 'string')
        && (data.error === undefined
          || (isJsonObject(data.error) && typeof data.error.code === 'string' && ERROR_CODES.has(data.error.code)
            && typeof data.error.message === 'string'));
    case 'turn/end':
      return typeof data.reason === 'string' && TURN_END_REASONS.has(data.reason)
        && (data.error === undefined || typeof data.error === 'string');
    default:
      return assertNever(type, 'event type');
  }
}
