import { assertNever, isJsonObject, serverFrameSchema, type ServerFrame, type SessionEvent } from '@toolcards/protocol';

export type EventFrame = Extract<ServerFrame, { type: 'event' }>;

const EVENT_TYPES: ReadonlySet<string> = new Set<SessionEvent['type']>([
  'user/message', 'assistant/text', 'tool/call', 'tool/result', 'turn/end',
]);
const TURN_END_REASONS: ReadonlySet<string> = new Set(['done', 'cancelled', 'error', 'step-limit']);

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
  const parsed = serverFrameSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

function eventFrameFrom(frame: Record<string, unknown>): EventFrame | undefined {
  const { sessionId, event } = frame;
  if (typeof sessionId !== 'string' || !isJsonObject(event)) return undefined;
  const { seq, time, type, data } = event;
  if (!Number.isSafeInteger(seq) || (seq as number) < 0 || typeof time !== 'string') return undefined;
  if (typeof type !== 'string' || !EVENT_TYPES.has(type) || !isJsonObject(data)) return undefined;
  if (!eventDataLooksRight(type as SessionEvent['type'], data)) return undefined;
  return frame as unknown as EventFrame;
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
          || (isJsonObject(data.error) && typeof data.error.code === 'string' && typeof data.error.message === 'string'));
    case 'turn/end':
      return typeof data.reason === 'string' && TURN_END_REASONS.has(data.reason)
        && (data.error === undefined || typeof data.error === 'string');
    default:
      return assertNever(type, 'event type');
  }
}
