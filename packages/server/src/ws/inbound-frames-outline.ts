/**
 * What a frame's text holds, learned in one pass over it before anything parses
 * it: JSON.parse of 1 MB of small nested arrays takes V8 ~0.4 s and ~100 MB,
 * and validating the result with zod several times that, so a frame's shape is
 * bounded while it is still a string. No recursion, no allocation per bracket,
 * and the pass stops at the first bound crossed: a frame that is refused costs
 * only the text up to where it went wrong.
 *
 * The outline is of JSON text; for text that is not JSON it is meaningless but
 * harmless (JSON.parse refuses that text afterwards).
 */
export interface OutlineLimits {
  /** Nesting of arrays and objects anywhere (the frame object itself is level 1). */
  maxDepth: number;
  /** Arrays and objects in the frame, the frame object included. */
  maxContainers: number;
  /** The top-level `args` member's text, in UTF-16 code units (its bytes are checked once it is whole). */
  maxArgsUnits: number;
  /** The top-level `args` member's own nesting (a scalar is 0, `[]` is 1). */
  maxArgsDepth: number;
}

export type OutlineBound = 'depth' | 'containers' | 'args-size' | 'args-depth';

export interface FrameOutline {
  /** The first bound the text crossed, where the pass stopped; undefined when it read the whole text within them. */
  exceeded?: OutlineBound;
  /** Deepest nesting seen (the frame object itself is level 1). */
  depth: number;
  /** Arrays and objects seen, the frame object included. */
  containers: number;
  /** The top-level members this server reads before parsing, as far as the pass got. */
  members: Partial<Record<OutlinedMember, MemberOutline>>;
}

/**
 * A top-level member's value: where its raw text lies in the frame's text
 * ([start, end) in UTF-16 code units, spaces around it included) and how deep
 * it nests. Not copied out: args may be a megabyte.
 */
export interface MemberOutline {
  start: number;
  end: number;
  depth: number;
}

const OUTLINED_MEMBERS = ['type', 'sessionId', 'requestId', 'args'] as const;
export type OutlinedMember = (typeof OUTLINED_MEMBERS)[number];
/** Ids and types longer than this are not read (an echoed id is clipped to 100 characters anyway). */
const MAX_STRING_MEMBER_UNITS = 4_096;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;
const COLON = 0x3a;

export function outlineFrame(json: string, limits: OutlineLimits): FrameOutline {
  let depth = 0;
  let deepest = 0;
  let containers = 0;
  let stringStart = -1;
  const members: FrameOutline['members'] = {};
  const stop = (exceeded: OutlineBound): FrameOutline => ({ exceeded, depth: deepest, containers, members });
  // The top-level member being read: its name once its key string ended, and where its value starts.
  let expectKey = false;
  let key: string | undefined;
  let valueStart = -1;
  let valueDeepest = 0;
  let inArgs = false;
  const endMember = (end: number) => {
    if (key !== undefined && valueStart >= 0 && isOutlined(key)) {
      // A repeated member: JSON.parse keeps the last one, and so does the outline.
      members[key] = { start: valueStart, end, depth: Math.max(0, valueDeepest - 1) };
    }
    key = undefined;
    valueStart = -1;
    inArgs = false;
  };
  for (let index = 0; index < json.length; index += 1) {
    if (inArgs && index - valueStart > limits.maxArgsUnits) return stop('args-size');
    const code = json.charCodeAt(index);
    if (stringStart >= 0) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) {
        if (depth === 1 && expectKey) {
          key = keyName(json.slice(stringStart, index + 1));
          expectKey = false;
        }
        stringStart = -1;
      }
      continue;
    }
    switch (code) {
      case QUOTE:
        stringStart = index;
        break;
      case OPEN_BRACKET:
      case OPEN_BRACE:
        depth += 1;
        containers += 1;
        if (depth > deepest) deepest = depth;
        if (depth > valueDeepest) valueDeepest = depth;
        if (inArgs && depth - 1 > limits.maxArgsDepth) return stop('args-depth');
        if (depth > limits.maxDepth) return stop('depth');
        if (containers > limits.maxContainers) return stop('containers');
        // The frame object: its first key follows.
        if (depth === 1 && code === OPEN_BRACE) expectKey = true;
        break;
      case CLOSE_BRACKET:
      case CLOSE_BRACE:
        if (depth === 1) endMember(index);
        depth -= 1;
        break;
      case COLON:
        if (depth === 1) {
          valueStart = index + 1;
          valueDeepest = 1;
          inArgs = key === 'args';
        }
        break;
      case COMMA:
        if (depth === 1) {
          endMember(index);
          expectKey = true;
        }
        break;
      default:
        break;
    }
  }
  return { depth: deepest, containers, members };
}

function isOutlined(name: string): name is OutlinedMember {
  return (OUTLINED_MEMBERS as readonly string[]).includes(name);
}

/** A key's name from its JSON string token (escapes decoded, so `"\u0061rgs"` is `args`). */
function keyName(token: string): string | undefined {
  if (!token.includes('\\')) return token.slice(1, -1);
  try {
    const name: unknown = JSON.parse(token);
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a member's value text takes more than `limit` bytes in UTF-8, without copying it when its length decides. */
export function memberBytesExceed(json: string, member: MemberOutline, limit: number): boolean {
  const units = member.end - member.start;
  // A UTF-16 code unit is 1 to 3 bytes of UTF-8 (a surrogate pair is 4 for 2).
  if (units > limit) return true;
  if (units * 3 <= limit) return false;
  return Buffer.byteLength(json.slice(member.start, member.end).trim(), 'utf8') > limit;
}

/** A member's value when it is a short JSON string (an id, a type), else undefined. */
export function memberString(json: string, member: MemberOutline | undefined): string | undefined {
  if (member === undefined || member.end - member.start > MAX_STRING_MEMBER_UNITS) return undefined;
  return shortString(json.slice(member.start, member.end).trim());
}

/**
 * The frame's last member when it is `"<name>": "<short string>"`, read from the end
 * of the text: where a pass stopped early, an id sent after the args (the web client
 * sends requestId last) can still be echoed. In JSON text that ends with the frame
 * object's `}`, a string right before it is the last top-level member's value.
 */
export function lastMemberString(json: string, name: OutlinedMember): string | undefined {
  const tail = json.slice(-(MAX_STRING_MEMBER_UNITS + 32));
  const match = new RegExp(`,\\s*"${name}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*")\\s*}\\s*$`).exec(tail);
  return match?.[1] === undefined ? undefined : shortString(match[1]);
}

function shortString(text: string): string | undefined {
  if (!text.startsWith('"')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
