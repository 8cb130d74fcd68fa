import { isJsonObject } from '@toolcards/protocol';
import { unescapeJsonBytes } from '../json-string-bytes';
import type { ByteSpan } from './match-preview';

/**
 * Reading ripgrep's `--json` records. Its output is large, so records are
 * classified from their first bytes and only the ones worth it are decoded:
 * the retained matches are parsed in full, spilled ones through a cheap slice.
 * Every fast path gives JSON.parse's answer or declines (undefined, -1), and
 * the caller then parses the record: one laid out as ripgrep 15 writes it never
 * declines, any other (fields moved, added or spelled another way) may, but
 * is never misread. rg-json-record.property.test.ts holds them to that.
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

/**
 * The record's `type`, from a few bytes: ripgrep writes `type` first in
 * begin/match/end records. Any other record — the summary (ripgrep writes its
 * `type` last, once per search), or fields in another order — is parsed.
 */
export function rgRecordType(buffer: Buffer, start: number, end: number): RgRecordType {
  switch (buffer[start + TYPE_LETTER_AT]) {
    case 0x6d: // m
      if (startsWith(buffer, start, end, MATCH_PREFIX)) return 'match';
      break;
    case 0x62: // b
      if (startsWith(buffer, start, end, BEGIN_PREFIX)) return 'begin';
      break;
    case 0x65: // e
      if (startsWith(buffer, start, end, END_PREFIX)) return 'end';
      break;
    case 0x73: // s
      if (startsWith(buffer, start, end, SUMMARY_PREFIX)) return 'summary';
      break;
    default:
      break;
  }
  const record = parsedRecord(buffer.toString('utf8', start, end));
  switch (isJsonObject(record) ? record.type : undefined) {
    case 'begin':
      return 'begin';
    case 'match':
      return 'match';
    case 'end':
      return 'end';
    case 'summary':
      return 'summary';
    default:
      return 'other';
  }
}

/** The record as JSON.parse reads it; undefined for text that is not JSON (a torn record). */
function parsedRecord(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** The path of a `begin` record. */
export function parseRgBegin(json: string): RgData | undefined {
  const record = parsedRecord(json);
  if (!isJsonObject(record) || !isJsonObject(record.data)) return undefined;
  return rgData(record.data.path);
}

const PATH_TEXT_OPEN = Buffer.from('{"text":"');
const PATH_BYTES_OPEN = Buffer.from('{"bytes":"');
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
  const record = parsedRecord(json);
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
const ABSOLUTE_OFFSET_FIELD = Buffer.from(',"absolute_offset":');
const SUBMATCHES_FIELD = Buffer.from(',"submatches":[');
const SUBMATCH_OPEN = Buffer.from('{"match":{"');
const START_FIELD = Buffer.from('"},"start":');
const END_FIELD = Buffer.from(',"end":');
const MATCH_TAIL_CLOSE = Buffer.from(']}}');

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
 * spilled match. The record must be laid out as ripgrep writes it, checked
 * without decoding anything: path first (see `rgLineValueStart`), the line's
 * closing quote followed by its number, then `absolute_offset` and the
 * submatches, nothing else. The closing quote is found by native search
 * from quote to quote, so a long line costs a scan, never a decode. Undefined
 * for any other layout.
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
  const valueEnd = closingQuote(buffer, valueStart, end);
  if (valueEnd === -1) return undefined;
  // base64 is decoded as it sits: an escape in it (valid JSON, never ripgrep's) would be read as data.
  if (value.kind === 'bytes' && hasEscapeOrQuote(buffer, valueStart, valueEnd)) return undefined;
  const lineNumber = rgLineNumberAfterLine(buffer, valueEnd, end);
  if (lineNumber < 0) return undefined;
  const restStart = digitsEnd(buffer, valueEnd + LINE_NUMBER_FIELD.length, end);
  if (!isRipgrepMatchTail(buffer, restStart, end)) return undefined;
  // Filled in place: a big grep slices one record per match, and garbage per match adds up.
  into.lineNumber = lineNumber;
  into.kind = value.kind;
  into.valueStart = valueStart;
  into.valueEnd = valueEnd;
  into.restStart = restStart;
  return into;
}

/**
 * Whether `[at, end)` is the rest of a match record as ripgrep writes it:
 * `,"absolute_offset":N,"submatches":[{"match":{"text":"…"},"start":N,"end":N},…]}}`.
 * Then the first `"},"start":` after the submatches field is the first submatch's.
 */
function isRipgrepMatchTail(buffer: Buffer, at: number, end: number): boolean {
  if (!startsWith(buffer, at, end, ABSOLUTE_OFFSET_FIELD)) return false;
  let index = at + ABSOLUTE_OFFSET_FIELD.length;
  if (readNumber(buffer, index, end) < 0) return false;
  index = digitsEnd(buffer, index, end);
  if (!startsWith(buffer, index, end, SUBMATCHES_FIELD)) return false;
  index += SUBMATCHES_FIELD.length;
  while (buffer[index] !== 0x5d) {
    // {"match":{"text":"…"},"start":N,"end":N}
    if (!startsWith(buffer, index, end, SUBMATCH_OPEN)) return false;
    index += SUBMATCH_OPEN.length;
    if (startsWith(buffer, index, end, TEXT_KEY)) index += TEXT_KEY.length;
    else if (startsWith(buffer, index, end, BYTES_KEY)) index += BYTES_KEY.length;
    else return false;
    index = closingQuote(buffer, index, end);
    if (index === -1 || !startsWith(buffer, index, end, START_FIELD)) return false;
    index += START_FIELD.length;
    if (readNumber(buffer, index, end) < 0) return false;
    index = digitsEnd(buffer, index, end);
    if (!startsWith(buffer, index, end, END_FIELD)) return false;
    index += END_FIELD.length;
    if (readNumber(buffer, index, end) < 0) return false;
    index = digitsEnd(buffer, index, end);
    if (buffer[index] !== 0x7d) return false;
    index += 1;
    if (buffer[index] === 0x2c && index + 1 < end) index += 1;
    else if (buffer[index] !== 0x5d) return false;
  }
  return index + MATCH_TAIL_CLOSE.length === end && startsWith(buffer, index, end, MATCH_TAIL_CLOSE);
}

/** Where a `match` record's `lines` value starts (after its opening quote), and how it is encoded. */
export interface RgLineValue {
  valueStart: number;
  kind: RgData['kind'];
}

/**
 * Where the `lines` value of a `match` record starts, or undefined. The
 * record must start as ripgrep writes it, `{"type":"match","data":{"path":`
 * and a path holding one string; then `lines` comes next, at data's level
 * (a field elsewhere, in an object of its own, could be named `lines` too).
 * ripgrep writes the path exactly as in the file's begin record: when its
 * length is known (`rgBeginPathJsonLength`), it is skipped unread.
 */
export function rgLineValueStart(buffer: Buffer, start: number, end: number, pathJsonLength = -1): RgLineValue | undefined {
  if (!startsWith(buffer, start, end, MATCH_HEAD)) return undefined;
  const pathAt = start + MATCH_HEAD.length;
  const hinted = pathJsonLength >= 0 && startsWith(buffer, pathAt + pathJsonLength, end, LINES_FIELD);
  const linesAt = hinted ? pathAt + pathJsonLength : stringObjectEnd(buffer, pathAt, end);
  if (!hinted && (linesAt === -1 || !startsWith(buffer, linesAt, end, LINES_FIELD))) return undefined;
  const valueAt = linesAt + LINES_FIELD.length;
  if (startsWith(buffer, valueAt, end, TEXT_KEY)) return { valueStart: valueAt + TEXT_KEY.length, kind: 'text' };
  if (startsWith(buffer, valueAt, end, BYTES_KEY)) return { valueStart: valueAt + BYTES_KEY.length, kind: 'bytes' };
  return undefined;
}

/** The line number that follows a line value closed at `quoteAt` (it closes `lines` too), or -1 when the record does not continue so. */
export function rgLineNumberAfterLine(buffer: Buffer, quoteAt: number, end: number): number {
  if (!startsWith(buffer, quoteAt, end, LINE_NUMBER_FIELD)) return -1;
  return readNumber(buffer, quoteAt + LINE_NUMBER_FIELD.length, end);
}

const MATCH_HEAD = Buffer.from('{"type":"match","data":{"path":');
const BEGIN_HEAD = Buffer.from('{"type":"begin","data":{"path":');
const BEGIN_TAIL_LENGTH = 2; // }}

/**
 * Length of the path's JSON in a begin record (`{"text":"…"}`), which match
 * records repeat byte for byte; -1 unless the record is exactly
 * `{"type":"begin","data":{"path":<one string>}}`, so the length is never
 * one a match record could be misread with.
 */
export function rgBeginPathJsonLength(buffer: Buffer, start: number, end: number): number {
  if (!startsWith(buffer, start, end, BEGIN_HEAD)) return -1;
  const pathAt = start + BEGIN_HEAD.length;
  const pathEnd = stringObjectEnd(buffer, pathAt, end);
  return pathEnd !== -1 && pathEnd + BEGIN_TAIL_LENGTH === end && buffer[pathEnd] === 0x7d && buffer[pathEnd + 1] === 0x7d
    ? pathEnd - pathAt
    : -1;
}

/** The end of `{"text":"…"}` or `{"bytes":"…"}` starting at `at` (one field, no spaces), or -1. */
function stringObjectEnd(buffer: Buffer, at: number, end: number): number {
  const valueAt = startsWith(buffer, at, end, PATH_TEXT_OPEN)
    ? at + PATH_TEXT_OPEN.length
    : startsWith(buffer, at, end, PATH_BYTES_OPEN)
      ? at + PATH_BYTES_OPEN.length
      : -1;
  if (valueAt === -1) return -1;
  const quoteAt = closingQuote(buffer, valueAt, end);
  return quoteAt !== -1 && buffer[quoteAt + 1] === 0x7d ? quoteAt + 2 : -1;
}

/**
 * The quote closing a JSON string whose body starts at `from`, or -1: the
 * first quote after an even run of backslashes. Native search from quote to
 * quote, since a line may be long and hold few quotes.
 */
function closingQuote(buffer: Buffer, from: number, end: number): number {
  for (let at = from; at < end; ) {
    const quoteAt = buffer.indexOf(0x22, at);
    if (quoteAt === -1 || quoteAt >= end) return -1;
    let backslashes = 0;
    while (quoteAt - backslashes > from && buffer[quoteAt - backslashes - 1] === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return quoteAt;
    at = quoteAt + 1;
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

/** Past this many digits a number may be above MAX_SAFE_INTEGER, where JSON.parse rounds. */
const MAX_EXACT_DIGITS = 16;

/**
 * The whole decimal number at `at`, or -1 when there is none — or when it goes
 * on as JSON allows (`4.2e1`) or is not a safe integer: JSON.parse then says.
 */
function readNumber(buffer: Buffer, at: number, end: number): number {
  let value = 0;
  let index = at;
  for (; index < end; index += 1) {
    const digit = buffer[index]! - 0x30;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  if (index === at || index - at > MAX_EXACT_DIGITS || value > Number.MAX_SAFE_INTEGER || index === end) return -1;
  const next = buffer[index];
  return next === 0x2e || next === 0x65 || next === 0x45 ? -1 : value; // . e E
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
