import { isJsonObject } from '@toolcards/protocol';
import { unescapeJsonBytes } from '../json-string-bytes';
import type { ByteSpan } from './match-preview';

/**
 * Reading ripgrep's `--json` records. Its output is large, so records are
 * classified from their first bytes and only the ones worth it are decoded:
 * the retained matches are parsed in full, spilled ones through a cheap slice.
 */

export type RgRecordType = 'begin' | 'match' | 'end' | 'summary' | 'other';

/** ripgrep text: UTF-8 as `text`, anything else as base64 `bytes`. */
export type RgData = { kind: 'text'; text: string } | { kind: 'bytes'; bytes: Buffer };

export interface RgMatch {
  path: RgData;
  lineNumber: number;
  line: RgData;
  submatches: ByteSpan[];
}

const MATCH_PREFIX = Buffer.from('{"type":"match"');
const BEGIN_PREFIX = Buffer.from('{"type":"begin"');
const END_PREFIX = Buffer.from('{"type":"end"');
const SUMMARY_PREFIX = Buffer.from('{"type":"summary"');
/** Where the type's first letter sits: `{"type":"` is 9 bytes. */
const TYPE_LETTER_AT = 9;

const SUMMARY_SUFFIX = Buffer.from('"type":"summary"}');

/**
 * The record's `type`, from a few bytes: ripgrep writes `type` first in
 * begin/match/end records, and last in the summary.
 */
export function rgRecordType(buffer: Buffer, start: number, end: number): RgRecordType {
  switch (buffer[start + TYPE_LETTER_AT]) {
    case 0x6d: // m
      return startsWith(buffer, start, end, MATCH_PREFIX) ? 'match' : 'other';
    case 0x62: // b
      return startsWith(buffer, start, end, BEGIN_PREFIX) ? 'begin' : 'other';
    case 0x65: // e
      return startsWith(buffer, start, end, END_PREFIX) ? 'end' : 'other';
    case 0x73: // s
      return startsWith(buffer, start, end, SUMMARY_PREFIX) ? 'summary' : 'other';
    default:
      return end - start > SUMMARY_SUFFIX.length && startsWith(buffer, end - SUMMARY_SUFFIX.length, end, SUMMARY_SUFFIX)
        ? 'summary'
        : 'other';
  }
}

/** The path of a `begin` record. */
export function parseRgBegin(json: string): RgData | undefined {
  const record: unknown = JSON.parse(json);
  if (!isJsonObject(record) || !isJsonObject(record.data)) return undefined;
  return rgData(record.data.path);
}

const PATH_TEXT_OPEN = Buffer.from('{"text":"');
/** `"}` closing the path, then `}}` closing the record. */
const BEGIN_TEXT_CLOSE = Buffer.from('"}}}');

/**
 * The path of a `begin` record, read from its bytes: ripgrep writes
 * `{"type":"begin","data":{"path":{"text":"…"}}}`, so a path without escapes
 * is the UTF-8 between the quotes, sliced like `sliceRgMatch` slices a line.
 * Anything else (escapes, base64 `bytes`, another layout) goes through
 * `parseRgBegin`, so the result is always what JSON.parse gives.
 */
export function rgBeginPath(buffer: Buffer, start: number, end: number): RgData | undefined {
  const bodyStart = start + BEGIN_HEAD.length + PATH_TEXT_OPEN.length;
  const bodyEnd = end - BEGIN_TEXT_CLOSE.length;
  if (
    bodyEnd >= bodyStart &&
    startsWith(buffer, start, end, BEGIN_HEAD) &&
    startsWith(buffer, start + BEGIN_HEAD.length, end, PATH_TEXT_OPEN) &&
    startsWith(buffer, bodyEnd, end, BEGIN_TEXT_CLOSE) &&
    !hasEscapeOrQuote(buffer, bodyStart, bodyEnd)
  ) {
    return { kind: 'text', text: buffer.toString('utf8', bodyStart, bodyEnd) };
  }
  return parseRgBegin(buffer.toString('utf8', start, end));
}

/** A backslash or quote in `[from, end)`: the body is not plain text to slice. */
function hasEscapeOrQuote(buffer: Buffer, from: number, end: number): boolean {
  for (let index = from; index < end; index += 1) {
    const byte = buffer[index];
    if (byte === 0x5c || byte === 0x22) return true;
  }
  return false;
}

/** A `match` record in full. Undefined when it does not have ripgrep's shape. */
export function parseRgMatch(json: string): RgMatch | undefined {
  const record: unknown = JSON.parse(json);
  if (!isJsonObject(record) || !isJsonObject(record.data)) return undefined;
  const { data } = record;
  const path = rgData(data.path);
  const line = rgData(data.lines);
  const lineNumber = data.line_number;
  if (path === undefined || line === undefined || typeof lineNumber !== 'number') return undefined;
  const submatches: ByteSpan[] = [];
  if (Array.isArray(data.submatches)) {
    for (const submatch of data.submatches) {
      if (isJsonObject(submatch) && typeof submatch.start === 'number' && typeof submatch.end === 'number') {
        submatches.push({ start: submatch.start, end: submatch.end });
      }
    }
  }
  return { path, lineNumber, line, submatches };
}

function rgData(value: unknown): RgData | undefined {
  if (!isJsonObject(value)) return undefined;
  if (typeof value.text === 'string') return { kind: 'text', text: value.text };
  if (typeof value.bytes === 'string') return { kind: 'bytes', bytes: Buffer.from(value.bytes, 'base64') };
  return undefined;
}

/** A path's bytes as the file system knows them. */
export function rgDataBytes(data: RgData): Buffer {
  return data.kind === 'text' ? Buffer.from(data.text, 'utf8') : data.bytes;
}

/** A path as a string; non-UTF-8 names decode with replacement characters. */
export function rgDataText(data: RgData): string {
  return data.kind === 'text' ? data.text : data.bytes.toString('utf8');
}

const LINES_FIELD = Buffer.from(',"lines":{"');
const TEXT_KEY = Buffer.from('text":"');
const BYTES_KEY = Buffer.from('bytes":"');
const LINE_NUMBER_FIELD = Buffer.from('"},"line_number":');
const SUBMATCHES_FIELD = Buffer.from(',"submatches":[');
const START_FIELD = Buffer.from('"},"start":');
const END_FIELD = Buffer.from(',"end":');

/** Where a `match` record keeps its line, found without parsing the record. */
export interface RgMatchSlice {
  lineNumber: number;
  kind: RgData['kind'];
  /** The `lines` value as it sits in the JSON (escaped, or base64), between its quotes. */
  valueStart: number;
  valueEnd: number;
  /** Where the record's fields after the line start (the submatches among them). */
  restStart: number;
}

/**
 * Locates the line number and the line of a `match` record — enough for a
 * spilled match. Each field marker holds a quote not preceded by a
 * backslash, so it cannot occur inside a JSON string: its first occurrence is
 * the field. The line's end is found from the record's tail (the submatches,
 * short for a short line). Undefined when the layout is not the expected one.
 */
export function sliceRgMatch(
  buffer: Buffer,
  start: number,
  end: number,
  pathJsonLength = -1,
  into: RgMatchSlice = { lineNumber: 0, kind: 'text', valueStart: 0, valueEnd: 0, restStart: 0 },
): RgMatchSlice | undefined {
  const value = rgLineValueStart(buffer, start, end, pathJsonLength);
  if (value === undefined) return undefined;
  const { valueStart } = value;
  let valueEnd = lastIndexOfBytes(buffer, LINE_NUMBER_FIELD, Math.max(valueStart, end - TAIL_SCAN_BYTES), end);
  if (valueEnd === -1) {
    // A long tail (many submatches): let the native search walk the line instead.
    valueEnd = buffer.indexOf(LINE_NUMBER_FIELD, valueStart);
    if (valueEnd === -1 || valueEnd >= end) return undefined;
  }
  const lineNumber = rgLineNumberAfterLine(buffer, valueEnd, end);
  if (lineNumber < 0) return undefined;
  // Filled in place: a big grep slices one record per match, and garbage per match adds up.
  into.lineNumber = lineNumber;
  into.kind = value.kind;
  into.valueStart = valueStart;
  into.valueEnd = valueEnd;
  into.restStart = digitsEnd(buffer, valueEnd + LINE_NUMBER_FIELD.length, end);
  return into;
}

/** Where a `match` record's `lines` value starts (after its opening quote), and how it is encoded. */
export interface RgLineValue {
  valueStart: number;
  kind: RgData['kind'];
}

/**
 * Where the `lines` value of a `match` record starts, or undefined. The path
 * is serialized exactly as in the file's begin record: when its length is
 * known, it is skipped unread.
 */
export function rgLineValueStart(buffer: Buffer, start: number, end: number, pathJsonLength = -1): RgLineValue | undefined {
  const expectedAt = start + MATCH_HEAD.length + pathJsonLength;
  const linesAt =
    pathJsonLength >= 0 && startsWith(buffer, expectedAt, end, LINES_FIELD)
      ? expectedAt
      : indexOfBytes(buffer, LINES_FIELD, start + MATCH_PREFIX.length, end);
  if (linesAt === -1) return undefined;
  const valueAt = linesAt + LINES_FIELD.length;
  if (startsWith(buffer, valueAt, end, TEXT_KEY)) return { valueStart: valueAt + TEXT_KEY.length, kind: 'text' };
  if (startsWith(buffer, valueAt, end, BYTES_KEY)) return { valueStart: valueAt + BYTES_KEY.length, kind: 'bytes' };
  return undefined;
}

/** The line number that follows a line value closed at `quoteAt`, or -1 when the record does not continue so. */
export function rgLineNumberAfterLine(buffer: Buffer, quoteAt: number, end: number): number {
  if (!startsWith(buffer, quoteAt, end, LINE_NUMBER_FIELD)) return -1;
  return readNumber(buffer, quoteAt + LINE_NUMBER_FIELD.length, end);
}

const MATCH_HEAD = Buffer.from('{"type":"match","data":{"path":');
const BEGIN_HEAD = Buffer.from('{"type":"begin","data":{"path":');
const BEGIN_TAIL_LENGTH = 2; // }}

/** Length of the path's JSON in a begin record (`{"text":"…"}`), which match records repeat byte for byte. */
export function rgBeginPathJsonLength(buffer: Buffer, start: number, end: number): number {
  if (!startsWith(buffer, start, end, BEGIN_HEAD)) return -1;
  return end - start - BEGIN_HEAD.length - BEGIN_TAIL_LENGTH;
}

/** How far back from a record's end the line-number field is looked for by hand. */
const TAIL_SCAN_BYTES = 4096;

/** First `needle` in `[from, end)`; a byte loop, cheaper than Buffer#indexOf's call for short spans. */
function indexOfBytes(buffer: Buffer, needle: Buffer, from: number, end: number): number {
  const first = needle[0];
  const last = end - needle.length;
  for (let index = from; index <= last; index += 1) {
    if (buffer[index] === first && startsWith(buffer, index, end, needle)) return index;
  }
  return -1;
}

/** Last `needle` starting in `[from, end)`. */
function lastIndexOfBytes(buffer: Buffer, needle: Buffer, from: number, end: number): number {
  const first = needle[0];
  for (let index = end - needle.length; index >= from; index -= 1) {
    if (buffer[index] === first && startsWith(buffer, index, end, needle)) return index;
  }
  return -1;
}

/** The first submatch of a sliced record (only a long line needs it, to place its preview). */
export function rgFirstSubmatch(buffer: Buffer, slice: RgMatchSlice, end: number): ByteSpan | undefined {
  const listAt = buffer.indexOf(SUBMATCHES_FIELD, slice.restStart);
  if (listAt === -1 || listAt >= end) return undefined;
  const startAt = buffer.indexOf(START_FIELD, listAt);
  if (startAt === -1 || startAt >= end) return undefined;
  const spanStartAt = startAt + START_FIELD.length;
  const spanStart = readNumber(buffer, spanStartAt, end);
  const afterStart = digitsEnd(buffer, spanStartAt, end);
  if (spanStart < 0 || !startsWith(buffer, afterStart, end, END_FIELD)) return undefined;
  const spanEnd = readNumber(buffer, afterStart + END_FIELD.length, end);
  return spanEnd < 0 ? undefined : { start: spanStart, end: spanEnd };
}

/** The decimal number at `at`, or -1 when there is none. */
function readNumber(buffer: Buffer, at: number, end: number): number {
  let value = 0;
  let index = at;
  for (; index < end; index += 1) {
    const digit = buffer[index]! - 0x30;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  return index === at ? -1 : value;
}

/** Where the digits starting at `at` end. */
function digitsEnd(buffer: Buffer, at: number, end: number): number {
  let index = at;
  while (index < end && buffer[index]! >= 0x30 && buffer[index]! <= 0x39) index += 1;
  return index;
}

/**
 * The first `rawBytes` bytes (or more; all when the line is shorter) of a
 * sliced line. Only what the preview needs is decoded: a 1 MB minified line
 * costs no more than its preview. Undefined for a malformed escape.
 */
export function rgSliceLine(buffer: Buffer, slice: RgMatchSlice, rawBytes: number): Buffer | undefined {
  const { valueStart, valueEnd } = slice;
  if (slice.kind === 'bytes') {
    const base64End = Math.min(valueEnd, valueStart + (Math.ceil(rawBytes / 3) + 1) * 4);
    return Buffer.from(buffer.toString('latin1', valueStart, base64End), 'base64');
  }
  const target = Buffer.allocUnsafe(Math.min(valueEnd - valueStart, rawBytes + 4));
  const { written } = unescapeJsonBytes(buffer, valueStart, valueEnd, target, 0, rawBytes);
  return written < 0 ? undefined : target.subarray(0, written);
}

/** A byte loop: for markers this short it beats Buffer#compare's argument checks. */
function startsWith(buffer: Buffer, at: number, end: number, prefix: Buffer): boolean {
  if (at + prefix.length > end) return false;
  for (let index = 0; index < prefix.length; index += 1) {
    if (buffer[at + index] !== prefix[index]) return false;
  }
  return true;
}
