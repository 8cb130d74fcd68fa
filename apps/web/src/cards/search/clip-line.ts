import type { MatchRange } from '@toolcards/protocol';

export interface ClippedLine {
  text: string;
  /** The input ranges moved into `text` (ellipses counted), cut to what is visible, sorted. */
  ranges: MatchRange[];
}

const ELLIPSIS = '…';
/** Characters of context kept before a match when the start of its line is cut. */
const MAX_CONTEXT_BEFORE = 16;

/**
 * Fits a match line into `maxChars` UTF-16 units, keeping the first match visible: a long
 * line is cut around its match, not at its start, with an ellipsis on each cut side.
 * Leading indentation is dropped first (unless a match starts inside it) — it only pushes
 * the match to the right.
 */
export function clipLine(line: string, ranges: readonly MatchRange[] | undefined, maxChars: number): ClippedLine {
  const max = Math.max(3, Math.floor(maxChars));
  const sorted = [...(ranges ?? [])].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const first = sorted[0];
  const indent = indentLength(line);
  const cut = first ? Math.min(indent, first[0]) : indent;
  const body = line.slice(cut);

  if (body.length <= max) return { text: body, ranges: remap(sorted, cut, body.length, 0) };

  const anchor = first ? first[0] - cut : 0;
  const room = max - 2; // both ellipses
  const matchLength = first ? Math.min(first[1] - first[0], room) : 0;
  // A little context before the match reads better than the match flush at the left edge;
  // not much more: a 390 px row shows only the first ~34 characters of the preview.
  const before = Math.min(anchor, Math.floor((room - matchLength) / 4), MAX_CONTEXT_BEFORE);
  let start = anchor - before;
  // From the start, only the end is cut (one ellipsis); past it, both may be.
  let end = start === 0 ? max - 1 : Math.min(body.length, start + room);
  // Never split a surrogate pair (an emoji, a rare CJK character) at a cut.
  if (start > 0 && isLowSurrogate(body.charCodeAt(start))) start += 1;
  if (end < body.length && isHighSurrogate(body.charCodeAt(end - 1))) end -= 1;

  const prefix = start > 0 ? ELLIPSIS : '';
  const suffix = end < body.length ? ELLIPSIS : '';
  return {
    text: prefix + body.slice(start, end) + suffix,
    ranges: remap(sorted, cut + start, end - start, prefix.length),
  };
}

/**
 * Leading spaces and tabs (and other visible spaces). Not trimStart(): it also drops U+FEFF,
 * U+2028 and control characters, which the card must show, not cut.
 */
function indentLength(line: string): number {
  return /^[ \t\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]*/.exec(line)![0].length;
}

function remap(ranges: readonly MatchRange[], shift: number, visible: number, lead: number): MatchRange[] {
  const moved: MatchRange[] = [];
  for (const [start, end] of ranges) {
    const from = Math.max(0, start - shift);
    const to = Math.min(visible, end - shift);
    if (to > from) moved.push([from + lead, to + lead]);
  }
  return moved;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
