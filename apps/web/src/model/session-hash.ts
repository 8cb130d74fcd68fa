import { sessionIdSchema } from '@toolcards/protocol';

/** Lines `start`..`end` of a card (1-based, inclusive, start ≤ end). */
export interface LineSpan {
  start: number;
  end: number;
}

/**
 * What a page address names: a session (`#/s/<id>`), a card in it by the seq of one of its
 * events (`#/s/<id>/<seq>`), or lines of that card (`#/s/<id>/<seq>/L12` or `/L12-L20`).
 */
export interface SessionAddress {
  sessionId: string;
  seq?: number;
  /** Only with `seq`. */
  lines?: LineSpan;
}

/**
 * At most 15 digits: every such number is a safe integer (2^53 has 16), so "huge" never
 * rounds to a different seq or line; anything longer is refused, not clamped.
 */
const SEQ = '(0|[1-9][0-9]{0,14})';
const LINE = '([1-9][0-9]{0,14})';
const ADDRESS = new RegExp(`^#/s/([^/?#]+)(?:/${SEQ}(?:/L${LINE}(?:-L${LINE})?)?)?/?$`);

/** The URL hash that reopens a session on reload: `#/s/<id>`. */
export function hashForSession(sessionId: string): string {
  return `#/s/${sessionId}`;
}

/** The hash of a card (`#/s/<id>/<seq>`), or of lines of it (`…/L12`, `…/L12-L20`). */
export function hashForCard(sessionId: string, seq: number, lines?: LineSpan): string {
  const card = `${hashForSession(sessionId)}/${seq}`;
  if (lines === undefined) return card;
  const { start, end } = normalLines(lines.start, lines.end);
  return start === end ? `${card}/L${start}` : `${card}/L${start}-L${end}`;
}

/** The hash for `address`, in its one canonical spelling. */
export function hashForAddress(address: SessionAddress): string {
  return address.seq === undefined ? hashForSession(address.sessionId) : hashForCard(address.sessionId, address.seq, address.lines);
}

/**
 * What a hash names, if it is a well-formed address: a valid session id, a seq and line
 * numbers in decimal without signs or leading zeros. A range written backwards
 * (`L20-L12`) means the same lines as `L12-L20`, as a selection dragged upwards does.
 */
export function sessionAddressFromHash(hash: string): SessionAddress | undefined {
  const match = ADDRESS.exec(hash);
  if (!match) return undefined;
  let sessionId: string;
  try {
    sessionId = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  if (!sessionIdSchema.safeParse(sessionId).success) return undefined;
  const [, , seq, start, end] = match;
  if (seq === undefined) return { sessionId };
  if (start === undefined) return { sessionId, seq: Number(seq) };
  return { sessionId, seq: Number(seq), lines: normalLines(Number(start), Number(end ?? start)) };
}

/** The session id in a hash naming a session, a card or lines, if it is a well-formed address. */
export function sessionIdFromHash(hash: string): string | undefined {
  return sessionAddressFromHash(hash)?.sessionId;
}

function normalLines(a: number, b: number): LineSpan {
  return a <= b ? { start: a, end: b } : { start: b, end: a };
}
