import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unescapeJsonBytes } from '../json-string-bytes';
import {
  parseRgBegin,
  parseRgMatch,
  rgBeginPath,
  rgBeginPathJsonLength,
  rgFirstSubmatch,
  rgLineNumberAfterLine,
  rgLineValueStart,
  rgRecordType,
  rgSliceLine,
  sliceRgMatch,
  type RgData,
} from './rg-json-record';

/**
 * The hand-written ripgrep JSON reader against JSON.parse. Records come in
 * ripgrep 15's own layout (where every fast path must give JSON.parse's
 * answer) and in odd ones — other field orders, extra fields, other escapings
 * and spellings, whitespace — where each fast path must give JSON.parse's
 * answer or decline (undefined / -1), which sends the caller to JSON.parse.
 * Duplicate keys are left out: JSON leaves their meaning open.
 */

// ── JSON text with chosen escapes, field order and spacing ──────────────────

/** An object with its fields in order (a JS object would move integer-like keys first). */
class Obj {
  constructor(readonly entries: [string, Value][]) {}
}
type Value = string | number | boolean | null | Value[] | Obj;

/** How an odd record is written: every choice is read from `picks`, in turn. */
interface Layout {
  canonical: boolean;
  picks: readonly number[];
}

class Writer {
  private at = 0;
  constructor(private readonly layout: Layout) {}

  pick(options: number): number {
    const { picks } = this.layout;
    if (picks.length === 0) return 0;
    return picks[this.at++ % picks.length]! % options;
  }

  write(value: Value): string {
    if (this.layout.canonical) return JSON.stringify(toPlain(value));
    return this.odd(value);
  }

  private odd(value: Value): string {
    const space = [' ', '', '\n', '', '\t', '', '\r\n ', ''][this.pick(8)]!;
    if (typeof value === 'string') return this.string(value);
    if (typeof value === 'number') return this.number(value);
    if (value === null || typeof value === 'boolean') return String(value);
    if (Array.isArray(value)) return `[${space}${value.map((item) => this.odd(item)).join(`,${space}`)}${space}]`;
    const entries = [...value.entries];
    // A shuffle only some of the time: most odd records keep ripgrep's order and differ elsewhere.
    if (this.pick(3) === 0) {
      for (let index = entries.length - 1; index > 0; index -= 1) {
        const other = this.pick(index + 1);
        [entries[index], entries[other]] = [entries[other]!, entries[index]!];
      }
    }
    const fields = entries.map(([key, item]) => `${this.string(key)}${space}:${space}${this.odd(item)}`);
    return `{${space}${fields.join(`${space},${space}`)}${space}}`;
  }

  /** A string literal escaped character by character: JSON.stringify's way or another valid one. */
  private string(value: string): string {
    if (this.pick(3) === 0) return JSON.stringify(value);
    let out = '"';
    for (const char of value) out += escapeChar(char, this.pick(4));
    return `${out}"`;
  }

  private number(value: number): string {
    if (!Number.isSafeInteger(value) || value < 0) return JSON.stringify(value);
    return [`${value}`, `${value}.0`, `${value}e0`, `${value}.00E-0`, `${value}E+0`, `${value}`][this.pick(6)]!;
  }
}

function toPlain(value: Value): unknown {
  if (value instanceof Obj) return Object.fromEntries(value.entries.map(([key, item]) => [key, toPlain(item)]));
  if (Array.isArray(value)) return value.map(toPlain);
  return value;
}

const SHORT_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '/': '\\/', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function unicodeEscape(unit: number, upper: boolean): string {
  const hex = unit.toString(16).padStart(4, '0');
  return `\\u${upper ? hex.toUpperCase() : hex}`;
}

/** One character (a code point, or a lone surrogate) as valid JSON, in the way `mode` picks. */
function escapeChar(char: string, mode: number): string {
  const upper = mode % 2 === 1;
  const units = [...char].length === 1 && char.length === 2 ? [char.charCodeAt(0), char.charCodeAt(1)] : [char.charCodeAt(0)];
  const code = char.codePointAt(0)!;
  const mustEscape = code < 0x20 || char === '"' || char === '\\' || (code >= 0xd800 && code <= 0xdfff);
  if (SHORT_ESCAPES[char] !== undefined && mode < 2) return SHORT_ESCAPES[char]!;
  if (mustEscape || mode >= 2) return units.map((unit) => unicodeEscape(unit, upper)).join('');
  return char;
}

// ── arbitraries ─────────────────────────────────────────────────────────────

/** Pieces of text that stress a reader of JSON bytes, beside arbitrary code points. */
const TRICKY = [
  '"', '\\', '/', '\\u0041', '\n', '\r', '\t', '\b', '\f', '\u0000', '\u0001', '\u001f', '\u007f', '\u0085',
  '\u2028', '\u2029', '\u202e', '\u200b', '\ufeff', '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', '\ude00',
  '😀', 'é', '日本', ' ', ',', ':', '{', '}', '[', ']', 'u', '0', 'e', '.',
  '","lines":{"text":"', '"},"line_number":7,', '"},"start":1,"end":2}', ',"submatches":[', '"type":"summary"}', '{"type":"match"',
];

const text = fc
  .array(fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }), fc.constantFrom(...TRICKY), fc.string({ unit: 'grapheme-ascii', maxLength: 8 })), { maxLength: 8 })
  .map((pieces) => pieces.join(''));

/** A line's or path's bytes: UTF-8 text as `text`, anything as base64 `bytes`. */
const data = fc.oneof(
  { weight: 3, arbitrary: text.map((value): Obj => new Obj([['text', value]])) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 40 }).map((bytes): Obj => new Obj([['bytes', Buffer.from(bytes).toString('base64')]])) },
);

/** Extra fields with names a sloppy reader could take for the real ones. */
const extraKey = fc.oneof(fc.constantFrom('text', 'bytes', 'lines', 'line_number', 'path', 'start', 'end', 'match', 'submatches', 'type', 'data', 'x'), fc.string({ maxLength: 6 }));
const extraValue: fc.Arbitrary<Value> = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.nat(1000),
    fc.constantFrom(null, true, false),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.array(fc.tuple(extraKey, tie('value')), { maxLength: 3 }).map((entries) => new Obj(dedupe(entries))),
  ),
})).value;

function dedupe(entries: [string, Value][]): [string, Value][] {
  const seen = new Set<string>();
  return entries.filter(([key]) => !seen.has(key) && seen.add(key));
}

/** Adds extra fields (never a duplicate key) to an object, here and in the objects below it. */
function withExtras(value: Value, extras: readonly [string, Value][], depthPicks: readonly number[], depth = 0): Value {
  if (Array.isArray(value)) return value.map((item) => withExtras(item, extras, depthPicks, depth + 1));
  if (!(value instanceof Obj)) return value;
  const entries: [string, Value][] = value.entries.map(([key, item]) => [key, withExtras(item, extras, depthPicks, depth + 1)]);
  const keys = new Set(entries.map(([key]) => key));
  for (const [index, extra] of extras.entries()) {
    if ((depthPicks[index] ?? 0) % 4 !== depth % 4 || keys.has(extra[0])) continue;
    keys.add(extra[0]);
    entries.splice((depthPicks[index] ?? 0) % (entries.length + 1), 0, extra);
  }
  return new Obj(entries);
}

const submatch = fc.record({ match: data, start: fc.nat(5000), end: fc.nat(5000) }).map(({ match, start, end }) => new Obj([['match', match], ['start', start], ['end', end]]));

const lineNumber = fc.oneof(fc.nat(5000), fc.nat(Number.MAX_SAFE_INTEGER));
const path = data;

const records = {
  begin: path.map((p) => new Obj([['type', 'begin'], ['data', new Obj([['path', p]])]])),
  match: fc
    .record({ p: path, lines: data, n: lineNumber, offset: fc.nat(1_000_000), subs: fc.array(submatch, { maxLength: 4 }), type: fc.constantFrom('match', 'match', 'match', 'context') })
    .map(({ p, lines, n, offset, subs, type }) =>
      new Obj([['type', type], ['data', new Obj([['path', p], ['lines', lines], ['line_number', n], ['absolute_offset', offset], ['submatches', subs]])]]),
    ),
  end: path.map((p) =>
    new Obj([['type', 'end'], ['data', new Obj([['path', p], ['binary_offset', null], ['stats', new Obj([['matches', 1], ['searches', 1]])]])]]),
  ),
  summary: fc.nat(1000).map((n) =>
    new Obj([['data', new Obj([['elapsed_total', new Obj([['human', '0.01s'], ['nanos', n], ['secs', 0]])], ['stats', new Obj([['matches', n]])]])], ['type', 'summary']]),
  ),
};

/** Replaces a match's line value or number with one of the shapes ripgrep never writes. */
const oddMatchField = fc.oneof(
  fc.constant(undefined),
  fc.record({ key: fc.constantFrom('lines', 'line_number'), value: extraValue }),
  // Both encodings: JSON.parse's reader takes `text`, wherever it sits.
  fc.record({ key: fc.constant('lines'), value: fc.tuple(text, fc.uint8Array({ maxLength: 9 })).map(([value, bytes]): Value => new Obj([['bytes', Buffer.from(bytes).toString('base64')], ['text', value]])) }),
  fc.record({ key: fc.constant('line_number'), value: fc.oneof(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.integer({ min: -5, max: -1 }), fc.constant(1e21), fc.constant('7')) }),
);

function replaceField(record: Obj, key: string, value: Value): Obj {
  const recordData = record.entries.find(([name]) => name === 'data')![1] as Obj;
  const changed = new Obj(recordData.entries.map(([name, item]) => [name, name === key ? value : item]));
  return new Obj(record.entries.map(([name, item]) => [name, name === 'data' ? changed : item]));
}

interface Case {
  json: string;
  canonical: boolean;
  /** The path JSON as the file's begin record would carry it (ripgrep repeats it byte for byte). */
  pathJson: string | undefined;
}

const recordCase: fc.Arbitrary<Case> = fc
  .record({
    record: fc.oneof({ weight: 2, arbitrary: records.begin }, { weight: 5, arbitrary: records.match }, records.end, records.summary),
    canonical: fc.boolean(),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
    extras: fc.array(fc.tuple(extraKey, extraValue), { maxLength: 3 }),
    depthPicks: fc.array(fc.nat(), { maxLength: 3 }),
    oddField: oddMatchField,
  })
  .map(({ record, canonical, picks, extras, depthPicks, oddField }) => {
    let value: Obj = record;
    if (!canonical) {
      value = withExtras(value, extras, depthPicks) as Obj;
      const type = value.entries.find(([name]) => name === 'type')?.[1];
      if (oddField !== undefined && (type === 'match' || type === 'context')) value = replaceField(value, oddField.key, oddField.value);
    }
    const writer = new Writer({ canonical, picks });
    const json = writer.write(value);
    return { json, canonical, pathJson: pathJsonOf(json) };
  });

/** The path's JSON text inside a record, as written (for the begin record's length hint). */
function pathJsonOf(json: string): string | undefined {
  const record: unknown = JSON.parse(json);
  const path = (record as { data?: { path?: unknown } })?.data?.path;
  if (path === undefined) return undefined;
  // Find the written text by re-reading: the value that starts after `"path":` and parses to `path`.
  const at = json.indexOf('"path"');
  if (at === -1) return undefined;
  const start = json.indexOf('{', at);
  for (let end = start + 1; end <= json.length; end += 1) {
    if (json[end - 1] !== '}') continue;
    try {
      if (JSON.stringify(JSON.parse(json.slice(start, end))) === JSON.stringify(path)) return json.slice(start, end);
    } catch {
      // Not a whole value yet.
    }
  }
  return undefined;
}

// ── what JSON.parse says ────────────────────────────────────────────────────

interface Expected {
  type: 'begin' | 'match' | 'end' | 'summary' | 'other';
  path: RgData | undefined;
  line: RgData | undefined;
  lineNumber: unknown;
  submatches: { start: number; end: number }[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function dataOf(value: unknown): RgData | undefined {
  if (!isObject(value)) return undefined;
  if (typeof value.text === 'string') return { kind: 'text', text: value.text };
  if (typeof value.bytes === 'string') return { kind: 'bytes', bytes: Buffer.from(value.bytes, 'base64') };
  return undefined;
}

function bytesOf(value: RgData): Buffer {
  return value.kind === 'text' ? Buffer.from(value.text, 'utf8') : value.bytes;
}

function expected(bytes: Buffer): Expected {
  const record: unknown = JSON.parse(bytes.toString('utf8'));
  const type = isObject(record) && ['begin', 'match', 'end', 'summary'].includes(record.type as string) ? (record.type as Expected['type']) : 'other';
  const recordData = isObject(record) && isObject(record.data) ? record.data : {};
  const submatches = Array.isArray(recordData.submatches)
    ? recordData.submatches.filter((each) => isObject(each) && typeof each.start === 'number' && typeof each.end === 'number').map((each) => ({ start: each.start as number, end: each.end as number }))
    : [];
  return { type, path: dataOf(recordData.path), line: dataOf(recordData.lines), lineNumber: recordData.line_number, submatches };
}

/** A record among other bytes, as the record splitter hands it out. */
function embed(json: string): { buffer: Buffer; start: number; end: number } {
  const record = Buffer.from(json, 'utf8');
  const before = Buffer.from('{"type":"match","data":{"path":{"text":"before"}}}\n');
  const after = Buffer.from('\n"},"line_number":99,"submatches":[{"match":{"text":"x"},"start":0,"end":1}]}}');
  return { buffer: Buffer.concat([before, record, after]), start: before.length, end: before.length + record.length };
}

// ── the properties ──────────────────────────────────────────────────────────

const RUNS = { numRuns: 10_000 };
/** `\uD83D` closing a body: an escape (an even run of backslashes before it) of a high surrogate. */
const ENDS_IN_HIGH_SURROGATE_ESCAPE = /(?:^|[^\\])(?:\\\\)*\\u[dD][89abAB][0-9a-fA-F]{2}$/;
const REPLACEMENT = Buffer.from('\ufffd', 'utf8');

describe('the ripgrep JSON reader agrees with JSON.parse', () => {
  it('on the JSON text the generator writes (a check of the generator itself)', () => {
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), (value, picks) => {
        const literal = new Writer({ canonical: false, picks }).write(value);
        // A lone surrogate written raw would not survive UTF-8; every escaping here keeps the value.
        expect(JSON.parse(literal)).toBe(value);
      }),
      { numRuns: 1000 },
    );
  });

  it('unescapes any string body as JSON.parse decodes it, whole, cut by a limit, or cut short', () => {
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), fc.nat(200), fc.nat(), (value, picks, limit, cutAt) => {
        const literal = new Writer({ canonical: picks[0]! % 4 === 0, picks }).write(value);
        const source = Buffer.from(`${literal},"line_number":3}`, 'utf8');
        const bodyEnd = Buffer.byteLength(literal) - 1;
        const want = Buffer.from(JSON.parse(literal) as string, 'utf8');
        const target = Buffer.alloc(source.length + 8);

        const whole = unescapeJsonBytes(source, 1, bodyEnd, target, 0, Number.MAX_SAFE_INTEGER);
        expect(target.subarray(0, whole.written)).toEqual(want);
        expect(whole.written).toBeLessThanOrEqual(bodyEnd - 1);

        const toQuote = unescapeJsonBytes(source, 1, source.length, target, 0, Number.MAX_SAFE_INTEGER, true);
        expect(target.subarray(0, toQuote.written)).toEqual(want);
        expect(toQuote.stoppedAt).toBe(bodyEnd);

        const limited = unescapeJsonBytes(source, 1, source.length, target, 0, limit, true);
        const head = target.subarray(0, limited.written);
        expect(head).toEqual(want.subarray(0, head.length));
        expect(head.length).toBeGreaterThanOrEqual(Math.min(limit, want.length));
        expect(head.length).toBeLessThanOrEqual(limit + 3);

        // A body cut anywhere (the head of a line too long to hold) decodes to a head of the whole.
        // Cut right after a whole high-surrogate escape, nothing says a low half was cut off: the
        // half shows as U+FFFD, as it would at the string's real end.
        const cut = 1 + (cutAt % bodyEnd);
        const short = unescapeJsonBytes(source, 1, cut, target, 0, Number.MAX_SAFE_INTEGER);
        let shortHead = target.subarray(0, short.written);
        if (ENDS_IN_HIGH_SURROGATE_ESCAPE.test(source.toString('latin1', 1, cut))) {
          expect(shortHead.subarray(-3)).toEqual(REPLACEMENT);
          shortHead = shortHead.subarray(0, -3);
        }
        expect(shortHead).toEqual(want.subarray(0, shortHead.length));
      }),
      RUNS,
    );
  }, 60_000);

  it('on 10,000 ripgrep-shaped records: type, begin path, match line, number and first submatch', () => {
    fc.assert(
      fc.property(recordCase, fc.nat(300), fc.integer({ min: -1, max: 400 }), ({ json, canonical, pathJson }, rawBytes, wrongHint) => {
        const { buffer, start, end } = embed(json);
        const want = expected(buffer.subarray(start, end));

        expect(rgRecordType(buffer, start, end)).toBe(want.type);

        if (want.type === 'begin') {
          expect(rgBeginPath(buffer, start, end)).toEqual(want.path);
          expect(parseRgBegin(json)).toEqual(want.path);
          const hint = rgBeginPathJsonLength(buffer, start, end);
          if (canonical) expect(hint).toBe(Buffer.byteLength(pathJson!));
        }

        if (want.type !== 'match') return;
        const whole = want.path !== undefined && want.line !== undefined && typeof want.lineNumber === 'number';
        expect(parseRgMatch(json)).toEqual(whole ? { path: want.path, line: want.line, lineNumber: want.lineNumber, submatches: want.submatches } : undefined);

        const beginHint = pathJson === undefined ? -1 : Buffer.byteLength(pathJson);
        for (const hint of [-1, beginHint, wrongHint]) {
          // The spill's fast path: the line unescaped up to its closing quote, then the number after it.
          // It declines by finding no value, or no number right after the line's closing quote.
          const value = rgLineValueStart(buffer, start, end, hint);
          if (canonical) expect(value).toEqual({ valueStart: expect.any(Number), kind: want.line!.kind });
          if (value?.kind === 'text') {
            const target = Buffer.alloc(end - value.valueStart);
            const line = unescapeJsonBytes(buffer, value.valueStart, end, target, 0, Number.MAX_SAFE_INTEGER, true);
            const number = rgLineNumberAfterLine(buffer, line.stoppedAt, end);
            if (canonical) expect(number).toBe(want.lineNumber);
            if (number !== -1) {
              expect(number).toBe(want.lineNumber);
              expect(want.line?.kind).toBe('text');
              expect(target.subarray(0, line.written)).toEqual(bytesOf(want.line!));
            }
          }

          // The long-line path: the record sliced, the line decoded in part, the first submatch found.
          const slice = sliceRgMatch(buffer, start, end, hint);
          if (canonical) expect(slice).toBeDefined();
          if (slice === undefined) continue;
          expect(slice.lineNumber).toBe(want.lineNumber);
          expect(slice.kind).toBe(want.line?.kind);
          const full = bytesOf(want.line!);
          expect(rgSliceLine(buffer, slice, Number.MAX_SAFE_INTEGER)).toEqual(full);
          const head = rgSliceLine(buffer, slice, rawBytes)!;
          expect(head).toEqual(full.subarray(0, head.length));
          expect(head.length).toBeGreaterThanOrEqual(Math.min(rawBytes, full.length));
          expect(rgFirstSubmatch(buffer, slice, end)).toEqual(want.submatches[0]);
        }
      }),
      RUNS,
    );
  }, 60_000);
});
