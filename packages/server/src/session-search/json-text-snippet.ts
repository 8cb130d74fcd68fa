import type { MatchRange } from '@toolcards/protocol';
import { alignedToEscapes, charEnd, charStart, closingQuote, decodeJsonChars, QUOTE, wholeEscapesBefore } from './json-line-scan';

/** Characters of the matched text kept on each side of the match. */
export const SNIPPET_SIDE = 60;
/** Characters of a long match shown before the snippet is cut. */
const MATCH_SHOWN = 200;
/** Raw bytes read on each side of the match: enough for SNIPPET_SIDE characters written as `\uXXXX`. */
const SIDE_BYTES = SNIPPET_SIDE * 6 + 16;

const COLON = 0x3a;

export interface PlacedSnippet {
  snippet: string;
  ranges: MatchRange[];
}

/** Values that say what kind of thing an object is ("type":"text") or when: a match there says nothing about the text. */
const LABEL_KEYS = new Set(['type', 'time', 'callId', 'origin', 'version']);
/** Matches tried, in order, for one in the event's text before settling for the first. */
const MATCHES_TRIED = 16;

/**
 * The text around the first of `matches` (ripgrep's byte offsets in a logged JSON line, in
 * order) that falls in the event's text, not in a label value such as `"type":"tool/result"`;
 * the first match in any string value when none does; undefined when every match is in the
 * structure (a key, a number). Pure.
 */
export function snippetForMatches(line: Buffer, matches: readonly { start: number; end: number | undefined }[]): PlacedSnippet | undefined {
  let fallback: PlacedSnippet | undefined;
  for (const match of matches.slice(0, MATCHES_TRIED)) {
    const literal = stringValueAt(line, match.start);
    if (!literal) continue;
    const placed = snippetInJsonLine(line, literal, match.start, match.end);
    if (placed && !LABEL_KEYS.has(literal.key)) return placed;
    fallback ??= placed;
  }
  return fallback;
}

/**
 * The text around a match that ripgrep found in a logged JSON line, given the match's byte
 * offsets in the line (`end` undefined: where it ends is not known). The text is the JSON
 * string value the match is in, its escapes undone, cut to one line and SNIPPET_SIDE
 * characters each side. Undefined when it cannot be decoded. Reads only around the match.
 */
function snippetInJsonLine(line: Buffer, literal: StringValue, start: number, end: number | undefined): PlacedSnippet | undefined {
  const contentStart = literal.open + 1;
  // A string cut short by the line's end ends at the last whole character and escape sequence.
  const contentEnd = literal.cutShort ? charEnd(line, wholeEscapesBefore(line, line.length, contentStart), contentStart) : literal.close;
  if (start >= contentEnd) return undefined;
  const matchBytes = Math.max(0, (end ?? start) - start);
  // Offsets in increasing order, each moved off the inside of an escape sequence.
  const [before, matchStart, matchEndRaw, afterRaw] = alignedToEscapes(line, contentStart, [
    { offset: Math.max(contentStart, start - SIDE_BYTES), to: 'start' },
    { offset: start, to: 'start' },
    { offset: Math.min(contentEnd, start + matchBytes), to: 'end' },
    { offset: Math.min(contentEnd, start + matchBytes + SIDE_BYTES), to: 'end' },
  ]) as [number, number, number, number];
  const from = charStart(line, before, contentStart);
  const matchEnd = Math.min(contentEnd, matchEndRaw);
  const after = charEnd(line, Math.min(contentEnd, afterRaw), matchEnd);
  let head: string;
  let match: string;
  let tail: string;
  try {
    head = decodeJsonChars(line, from, matchStart);
    match = decodeJsonChars(line, matchStart, matchEnd);
    tail = decodeJsonChars(line, matchEnd, after);
  } catch {
    return undefined;
  }
  return cutToLine(`${head}${match}${tail}`, head.length, head.length + match.length, from === contentStart, after === contentEnd && !literal.cutShort, end !== undefined);
}

/** The match's line of `text` ([from, to) in UTF-16 units), SNIPPET_SIDE characters each side, `…` where cut. */
function cutToLine(text: string, from: number, to: number, textStartsValue: boolean, textEndsValue: boolean, marked: boolean): PlacedSnippet {
  const newlineBefore = from === 0 ? -1 : text.lastIndexOf('\n', from - 1);
  const lineStart = newlineBefore + 1;
  const newlineAfter = text.indexOf('\n', to);
  const lineEnd = newlineAfter === -1 ? text.length : newlineAfter;
  const start = Math.max(lineStart, from - SNIPPET_SIDE);
  const end = Math.min(lineEnd, from + Math.min(to - from, MATCH_SHOWN) + SNIPPET_SIDE);
  const cutBefore = start > lineStart || (newlineBefore === -1 && !textStartsValue);
  const cutAfter = end < lineEnd || (newlineAfter === -1 && !textEndsValue);
  const head = cutBefore ? '…' : '';
  const body = text.slice(start, end);
  const snippet = `${head}${body}${cutAfter ? '…' : ''}`;
  if (!marked) return { snippet, ranges: [] };
  const rangeStart = head.length + Math.max(0, from - start);
  return { snippet, ranges: [[rangeStart, Math.max(rangeStart, head.length + Math.min(body.length, to - start))]] };
}

interface StringValue {
  /** Offsets of its quotes. */
  open: number;
  close: number;
  /** The key it is the value of; '' in an array. */
  key: string;
  /** Its end is past the end of the (cut) line: `close` is the line's end. */
  cutShort: boolean;
}

/**
 * The JSON string value whose content holds byte `at`, found by walking the line's strings
 * from its start (time linear in `at`); undefined when `at` is outside every string or
 * inside a key.
 */
function stringValueAt(line: Buffer, at: number): StringValue | undefined {
  let from = 0;
  let lastKey = '';
  for (;;) {
    const open = line.indexOf(QUOTE, from);
    if (open === -1 || open >= at) return undefined;
    const closing = closingQuote(line, open + 1);
    // The line is only the first part of a longer one: the string runs on past its end.
    if (closing === -1) return { open, close: line.length, key: line[open - 1] === COLON ? lastKey : '', cutShort: true };
    const close = closing;
    const isKey = line[close + 1] === COLON;
    if (at < close) return isKey ? undefined : { open, close, key: line[open - 1] === COLON ? lastKey : '', cutShort: false };
    // Keys are short names ("text", "path"); only the one just before a value is kept.
    if (isKey) lastKey = close - open < 64 ? line.toString('utf8', open + 1, close) : '';
    from = close + 1;
  }
}

