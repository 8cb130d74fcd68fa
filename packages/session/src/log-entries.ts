import {
  describeZodIssues,
  parsedSessionEventSchema,
  sessionHeaderSchema,
  type SessionEvent,
  type SessionHeader,
} from '@toolcards/protocol';

/**
 * Parsing one log line. Pure: the replay loop decides what a failure means
 * (a torn last line is expected after a crash; a bad middle line is reported).
 */

export type LineParse<T> = { ok: true; value: T } | { ok: false; message: string };

export function parseHeaderLine(text: string): LineParse<SessionHeader> {
  const json = parseJson(text);
  if (!json.ok) return json;
  const parsed = sessionHeaderSchema.safeParse(json.value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: `not a session header (${describeZodIssues(parsed.error.issues)})` };
}

export function parseEventLine(text: string): LineParse<SessionEvent> {
  const json = parseJson(text);
  if (!json.ok) return json;
  return eventFromJson(json.value);
}

/**
 * Validates a value `JSON.parse` returned as an event (nothing else: args and meta are
 * trusted to be JSON); the writer uses this too so live and replay see the same object.
 */
export function eventFromJson(value: unknown): LineParse<SessionEvent> {
  const parsed = parsedSessionEventSchema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: `not a session event (${describeZodIssues(parsed.error.issues)})` };
}

function parseJson(text: string): LineParse<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: `not valid JSON (${(error as Error).message})` };
  }
}

/**
 * How an event's seq relates to the last accepted one. Seqs are 0,1,2… with no gaps;
 * after a corrupt line the next good one shows a gap, which is reported but still
 * accepted so the rest of the session replays. A seq that does not move forward is
 * a duplicate and is skipped, so no consumer ever sees a seq twice.
 */
export type SeqOrder = 'next' | 'gap' | 'stale';

export function seqOrder(lastSeq: number, seq: number): SeqOrder {
  if (seq === lastSeq + 1) return 'next';
  return seq > lastSeq ? 'gap' : 'stale';
}
