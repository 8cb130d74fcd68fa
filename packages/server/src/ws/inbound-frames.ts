import {
  assertNever,
  CLIENT_FRAME_TYPES,
  clientFrameSchema,
  describeZodIssues,
  isJsonObject,
  MAX_INBOUND_FRAME_BYTES,
  type ClientFrame,
  type JsonValue,
  type WireErrorCode,
} from '@toolcards/protocol';
import type { WireError } from '../wire/outbound-frames';
import { lastMemberString, memberBytesExceed, memberString, outlineFrame, type FrameOutline, type OutlineLimits } from './inbound-frames-outline';

export type DecodedFrame = { ok: true; frame: ClientFrame } | { ok: false; error: WireError };

/** Arrays and objects may nest this deep in a frame; deeper is refused before parsing (zod recurses). */
export const MAX_FRAME_NESTING = 64;

/**
 * A run-tool frame's args: a tool's arguments are a few paths, patterns and
 * numbers. The bounds are checked on the frame's text before it is parsed: one
 * 1 MB frame of small nested arrays held the event loop 2.3–3.6 s and 20 of
 * them took the server past 1.6 GB.
 */
export const MAX_ARGS_BYTES = 64 * 1024;
export const MAX_ARGS_NESTING = 16;
/** Arrays and objects in one frame (the frame object included): parsing costs per container, not per byte. */
export const MAX_FRAME_CONTAINERS = 4_096;

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
  const refused = shapeRefusal(text, outlineFrame(text, OUTLINE_LIMITS));
  if (refused) return refused;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail('BAD_JSON', `frame is not valid JSON: ${(error as Error).message}`);
  }
  if (!isJsonObject(value)) return fail('BAD_FRAME', 'a frame is a JSON object with a "type"');
  const echo = echoedIds(value);
  const type = value.type;
  if (typeof type !== 'string') return fail('BAD_FRAME', 'a frame needs a string "type"', echo);
  if (!(CLIENT_FRAME_TYPES as readonly string[]).includes(type)) {
    return fail('UNKNOWN_FRAME_TYPE', `unknown frame type ${JSON.stringify(clip(type))}; expected one of ${CLIENT_FRAME_TYPES.join(', ')}`, echo);
  }
  // JSON.parse only makes JSON values, so args need no check of their own; the schema's
  // recursive one would copy them node by node. It checks the rest of the frame.
  const args = type === 'run-tool' ? value.args : undefined;
  const parsed = clientFrameSchema.safeParse(args === undefined ? value : { ...value, args: null });
  if (!parsed.success) return fail('BAD_FRAME', `bad ${type} frame: ${describeZodIssues(parsed.error.issues)}`, echo);
  const frame = parsed.data;
  return { ok: true, frame: frame.type === 'run-tool' && args !== undefined ? { ...frame, args: args as JsonValue } : frame };
}

const OUTLINE_LIMITS: OutlineLimits = {
  maxDepth: MAX_FRAME_NESTING,
  maxContainers: MAX_FRAME_CONTAINERS,
  maxArgsUnits: MAX_ARGS_BYTES,
  maxArgsDepth: MAX_ARGS_NESTING,
};

/** A frame whose shape costs too much to parse, refused from its outline alone, with the ids it names echoed. */
function shapeRefusal(text: string, outline: FrameOutline): DecodedFrame | undefined {
  const args = outline.members.args;
  const exceeded = outline.exceeded ?? (args && memberBytesExceed(text, args, MAX_ARGS_BYTES) ? 'args-size' : undefined);
  if (exceeded === undefined) return undefined;
  const echo = outlinedIds(text, outline);
  switch (exceeded) {
    case 'depth':
      return fail('BAD_FRAME', `frame nests arrays and objects more than ${MAX_FRAME_NESTING} levels deep; the limit is ${MAX_FRAME_NESTING}`, echo);
    case 'containers':
      return fail('BAD_FRAME', `frame holds more than ${MAX_FRAME_CONTAINERS} arrays and objects`, echo);
    case 'args-size':
      return fail('BAD_FRAME', `args larger than ${MAX_ARGS_BYTES / 1024} KiB: a tool's args are a few paths, patterns and numbers`, echo);
    case 'args-depth':
      return fail('BAD_FRAME', `args nested deeper than ${MAX_ARGS_NESTING} levels`, echo);
    default:
      return assertNever(exceeded, 'outline bound');
  }
}

function fail(code: WireErrorCode, message: string, echo: Partial<WireError> = {}): DecodedFrame {
  return { ok: false, error: { code, message, ...echo } };
}

function outlinedIds(text: string, outline: FrameOutline): Partial<WireError> {
  const echo: Partial<WireError> = {};
  // A pass that stopped early has not seen the members after the args.
  const sessionId = memberString(text, outline.members.sessionId) ?? lastMemberString(text, 'sessionId');
  const requestId = memberString(text, outline.members.requestId) ?? lastMemberString(text, 'requestId');
  if (sessionId !== undefined) echo.sessionId = clip(sessionId);
  if (requestId !== undefined) echo.requestId = clip(requestId);
  return echo;
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
