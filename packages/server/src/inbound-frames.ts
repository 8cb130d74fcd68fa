import {
  CLIENT_FRAME_TYPES,
  clientFrameSchema,
  describeZodIssues,
  isJsonObject,
  MAX_INBOUND_FRAME_BYTES,
  type ClientFrame,
  type WireErrorCode,
} from '@toolcards/protocol';

/** An `error` frame's content, before it is sent. */
export interface WireError {
  code: WireErrorCode;
  message: string;
  sessionId?: string;
  requestId?: string;
}

export type DecodedFrame = { ok: true; frame: ClientFrame } | { ok: false; error: WireError };

/** Arrays and objects may nest this deep in a frame; deeper is refused before validation (zod recurses). */
export const MAX_FRAME_NESTING = 64;

/**
 * Everything a client sends passes through here first. Each failure names the
 * problem, and echoes the frame's sessionId/requestId when it has them so the
 * client can tie the error to what it sent. Never throws: anything a decoder
 * throws becomes BAD_FRAME.
 */
export function decodeClientFrame(data: Buffer | string, isBinary: boolean): DecodedFrame {
  try {
    return decode(data, isBinary);
  } catch (error) {
    return fail('BAD_FRAME', `frame could not be decoded: ${clip(String((error as Error)?.message ?? error))}`);
  }
}

function decode(data: Buffer | string, isBinary: boolean): DecodedFrame {
  const bytes = typeof data === 'string' ? Buffer.byteLength(data, 'utf8') : data.length;
  if (bytes > MAX_INBOUND_FRAME_BYTES) {
    return fail('FRAME_TOO_LARGE', `frame is ${bytes} bytes; the limit is ${MAX_INBOUND_FRAME_BYTES}`);
  }
  if (isBinary) return fail('BAD_FRAME', 'frames are JSON text, not binary');
  const text = typeof data === 'string' ? data : data.toString('utf8');
  let value: unknown;
  try {
    // V8's JSON.parse does not recurse, so any nesting parses; the schema below does recurse.
    value = JSON.parse(text);
  } catch (error) {
    return fail('BAD_JSON', `frame is not valid JSON: ${(error as Error).message}`);
  }
  if (!isJsonObject(value)) return fail('BAD_FRAME', 'a frame is a JSON object with a "type"');
  const echo = echoedIds(value);
  if (nestingExceeds(text, MAX_FRAME_NESTING)) {
    return fail('BAD_FRAME', `frame nests arrays and objects more than ${MAX_FRAME_NESTING} levels deep; the limit is ${MAX_FRAME_NESTING}`, echo);
  }
  const type = value.type;
  if (typeof type !== 'string') return fail('BAD_FRAME', 'a frame needs a string "type"', echo);
  if (!(CLIENT_FRAME_TYPES as readonly string[]).includes(type)) {
    return fail('UNKNOWN_FRAME_TYPE', `unknown frame type ${JSON.stringify(clip(type))}; expected one of ${CLIENT_FRAME_TYPES.join(', ')}`, echo);
  }
  const parsed = clientFrameSchema.safeParse(value);
  if (!parsed.success) return fail('BAD_FRAME', `bad ${type} frame: ${describeZodIssues(parsed.error.issues)}`, echo);
  return { ok: true, frame: parsed.data };
}

/**
 * Whether valid JSON text nests arrays/objects deeper than `limit`: one pass
 * over the text counting brackets outside strings, no recursion, stops early.
 */
export function nestingExceeds(json: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index += 1) {
    const code = json.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) index += 1;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return false;
}

function fail(code: WireErrorCode, message: string, echo: Partial<WireError> = {}): DecodedFrame {
  return { ok: false, error: { code, message, ...echo } };
}

function echoedIds(value: Record<string, unknown>): Partial<WireError> {
  const echo: Partial<WireError> = {};
  if (typeof value.sessionId === 'string') echo.sessionId = clip(value.sessionId);
  if (typeof value.requestId === 'string') echo.requestId = clip(value.requestId);
  return echo;
}

function clip(text: string): string {
  return text.length <= 100 ? text : `${text.slice(0, 100)}…`;
}
