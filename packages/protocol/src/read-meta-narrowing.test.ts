import { describe, expect, it } from 'vitest';
import { readMetaFromMeta } from './narrowing';

const good = {
  path: 'src/a.ts',
  offset: 10,
  lines: [
    { number: 10, text: 'const a = 1;' },
    { number: 11, text: 'export { a };' },
  ],
  totalLines: 40,
  lang: 'typescript',
};

/** `good` with one field replaced (or removed, with `undefined`). */
function withField(field: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...good };
  if (value === undefined) delete copy[field];
  else copy[field] = value;
  return copy;
}

function withLines(numbers: number[], totalLines = 40, offset = 1): Record<string, unknown> {
  return { ...good, offset, totalLines, lines: numbers.map((number) => ({ number, text: 'x' })) };
}

describe('readMetaFromMeta accepts', () => {
  it('a well-formed window with lang', () => {
    expect(readMetaFromMeta(good)).toEqual(good);
  });

  it('a well-formed window without lang', () => {
    const { lang: _lang, ...withoutLang } = good;
    expect(readMetaFromMeta(withoutLang)).toEqual(withoutLang);
  });

  it('an empty window at a positive offset (byte cap below the first selected line)', () => {
    const empty = { path: 'big.txt', offset: 1201, lines: [], totalLines: 3000 };
    expect(readMetaFromMeta(empty)).toEqual(empty);
  });

  it('an empty file', () => {
    expect(readMetaFromMeta({ path: 'e.txt', offset: 1, lines: [], totalLines: 0 })).toBeDefined();
  });

  it('a window that skips lines (gaps are allowed, order is not)', () => {
    expect(readMetaFromMeta(withLines([1, 3, 7]))).toBeDefined();
  });

  it('drops unknown fields rather than passing them on', () => {
    expect(readMetaFromMeta({ ...good, extra: '<script>' })).toEqual(good);
  });
});

describe('readMetaFromMeta rejects', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'src/a.ts'],
    ['a number', 3],
    ['an array', [good]],
  ])('a non-object meta: %s', (_, meta) => {
    expect(readMetaFromMeta(meta)).toBeUndefined();
  });

  it.each([
    ['missing path', 'path', undefined],
    ['non-string path', 'path', 7],
    ['empty path', 'path', ''],
    ['missing totalLines', 'totalLines', undefined],
    ['string totalLines', 'totalLines', '40'],
    ['negative totalLines', 'totalLines', -1],
    ['fractional totalLines', 'totalLines', 1.5],
    ['NaN totalLines', 'totalLines', Number.NaN],
    ['infinite totalLines', 'totalLines', Number.POSITIVE_INFINITY],
    ['missing lines', 'lines', undefined],
    ['non-array lines', 'lines', { number: 1, text: 'x' }],
    ['missing offset', 'offset', undefined],
    ['offset 0', 'offset', 0],
    ['fractional offset', 'offset', 1.5],
    ['string offset', 'offset', '1'],
    ['non-string lang', 'lang', 5],
    ['null lang', 'lang', null],
  ])('%s', (_, field, value) => {
    expect(readMetaFromMeta(withField(field, value))).toBeUndefined();
  });

  it.each([
    ['line entry not an object', ['x']],
    ['line entry null', [null]],
    ['line text missing', [{ number: 1 }]],
    ['line text not a string', [{ number: 1, text: 2 }]],
    ['line number missing', [{ text: 'x' }]],
    ['line number 0', [{ number: 0, text: 'x' }]],
    ['line number 1.5', [{ number: 1.5, text: 'x' }]],
    ['line number NaN', [{ number: Number.NaN, text: 'x' }]],
    ['line number Infinity', [{ number: Number.POSITIVE_INFINITY, text: 'x' }]],
    ['line number negative', [{ number: -2, text: 'x' }]],
  ])('a malformed line entry: %s', (_, lines) => {
    expect(readMetaFromMeta({ ...good, offset: 1, lines })).toBeUndefined();
  });

  it('duplicate line numbers', () => {
    expect(readMetaFromMeta(withLines([1, 2, 2]))).toBeUndefined();
  });

  it('decreasing line numbers', () => {
    expect(readMetaFromMeta(withLines([1, 3, 2]))).toBeUndefined();
  });

  it('a line number beyond totalLines', () => {
    expect(readMetaFromMeta(withLines([1, 2, 3], 2))).toBeUndefined();
  });

  it('a first line below offset', () => {
    expect(readMetaFromMeta(withLines([4, 5], 40, 5))).toBeUndefined();
  });

  it('a revoked proxy (hostile value) without throwing', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(readMetaFromMeta(proxy)).toBeUndefined();
  });
});
