import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { diffMetaFromMeta } from './diff-view';
import { callViewFromWire, readMetaFromMeta, resultViewFromWire } from './narrowing';
import { searchMetaFromMeta, searchViewFromMeta } from './search-view';
import { planMetaFromMeta } from './plan-view';
import { terminalMetaFromMeta } from './terminal-view';

const narrowers = {
  readMetaFromMeta,
  searchMetaFromMeta,
  searchViewFromMeta,
  resultViewFromWire,
  callViewFromWire,
  terminalMetaFromMeta,
  diffMetaFromMeta,
  planMetaFromMeta,
};

/** Arbitrary JSON plus the values JSON cannot carry but a buggy producer might. */
const anyValue = fc.oneof(
  fc.jsonValue(),
  fc.anything(),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, undefined),
);

const lineText = fc.string({ maxLength: 40 });

/** A valid read meta: strictly increasing numbers from offset, within totalLines. */
const readMeta = fc
  .record({
    path: fc.string({ minLength: 1, maxLength: 30 }),
    offset: fc.integer({ min: 1, max: 5000 }),
    texts: fc.array(lineText, { maxLength: 30 }),
    extraTotal: fc.integer({ min: 0, max: 100 }),
    lang: fc.option(fc.constantFrom('typescript', 'python', 'rust'), { nil: undefined }),
  })
  .map(({ path, offset, texts, extraTotal, lang }) => ({
    path,
    offset,
    lines: texts.map((text, index) => ({ number: offset + index, text })),
    totalLines: offset + texts.length - 1 + extraTotal,
    ...(lang === undefined ? {} : { lang }),
  }));

const lineMatch = fc
  .string({ minLength: 1, maxLength: 60 })
  .chain((line) =>
    fc.record({
      lineNumber: fc.integer({ min: 1, max: 100_000 }),
      line: fc.constant(line),
      ranges: fc.array(
        fc.tuple(fc.nat({ max: line.length }), fc.nat({ max: line.length })).map(([a, b]): [number, number] => [
          Math.min(a, b),
          Math.max(a, b),
        ]),
        { maxLength: 3 },
      ),
    }),
  );

const matchesMeta = fc
  .record({
    files: fc.array(
      fc.record({ path: fc.string({ minLength: 1, maxLength: 30 }), matches: fc.array(lineMatch, { minLength: 1, maxLength: 5 }) }),
      { maxLength: 6 },
    ),
    truncated: fc.boolean(),
    extra: fc.nat({ max: 1000 }),
  })
  .map(({ files, truncated, extra }) => ({
    shape: 'matches' as const,
    files,
    truncated,
    total: files.reduce((sum, file) => sum + file.matches.length, 0) + extra,
  }));

const pathsMeta = fc
  .record({ paths: fc.array(fc.string({ minLength: 1, maxLength: 30 }), { maxLength: 20 }), truncated: fc.boolean(), extra: fc.nat({ max: 100 }) })
  .map(({ paths, truncated, extra }) => ({ shape: 'paths' as const, paths, truncated, total: paths.length + extra }));

/** A valid hunk: its counts are what its lines say. */
const diffHunk = fc
  .record({
    start: fc.integer({ min: 1, max: 5000 }),
    lines: fc.array(fc.tuple(fc.constantFrom(' ', '-', '+'), lineText).map(([prefix, text]) => prefix + text), { minLength: 1, maxLength: 30 }),
  })
  .map(({ start, lines }) => {
    const oldLines = lines.filter((line) => !line.startsWith('+')).length;
    const newLines = lines.filter((line) => !line.startsWith('-')).length;
    return { oldStart: oldLines === 0 ? start - 1 : start, oldLines, newStart: newLines === 0 ? start - 1 : start, newLines, lines };
  });

describe('narrowing properties', () => {
  for (const [name, narrow] of Object.entries(narrowers)) {
    it(`${name} returns a value or undefined for anything, never throws`, () => {
      fc.assert(
        fc.property(anyValue, (value) => {
          const result = narrow(value);
          expect(result === undefined || typeof result === 'object').toBe(true);
        }),
        { numRuns: 500 },
      );
    });
  }

  it('a valid read meta round-trips through JSON unchanged', () => {
    fc.assert(
      fc.property(readMeta, (meta) => {
        const wire = JSON.parse(JSON.stringify(meta));
        expect(readMetaFromMeta(wire)).toEqual(meta);
        expect(resultViewFromWire({ card: 'read', ...wire })).toEqual({ card: 'read', ...meta });
      }),
    );
  });

  it('a valid search meta round-trips through JSON unchanged', () => {
    fc.assert(
      fc.property(fc.oneof(matchesMeta, pathsMeta), (meta) => {
        const wire = JSON.parse(JSON.stringify(meta));
        expect(searchMetaFromMeta(wire)).toEqual(meta);
        expect(searchViewFromMeta(wire)).toEqual({ card: 'search', ...meta });
        expect(resultViewFromWire({ card: 'search', ...wire })).toEqual({ card: 'search', ...meta });
      }),
    );
  });

  it('a read meta whose line numbers stop increasing is always rejected', () => {
    fc.assert(
      fc.property(readMeta.filter((meta) => meta.lines.length >= 2), fc.nat(), (meta, pick) => {
        const lines = meta.lines.map((line) => ({ ...line }));
        const index = 1 + (pick % (lines.length - 1));
        lines[index]!.number = lines[index - 1]!.number;
        expect(readMetaFromMeta({ ...meta, lines })).toBeUndefined();
      }),
    );
  });

  it('a valid diff hunk round-trips through JSON unchanged, and any miscount is rejected', () => {
    fc.assert(
      fc.property(diffHunk, fc.integer({ min: -3, max: 3 }).filter((delta) => delta !== 0), fc.boolean(), (hunk, delta, oldSide) => {
        const meta = { files: [{ path: 'a.ts', status: 'modified' as const, hunks: [hunk] }] };
        expect(diffMetaFromMeta(JSON.parse(JSON.stringify(meta)))).toEqual(meta);
        const miscounted = oldSide ? { ...hunk, oldLines: hunk.oldLines + delta } : { ...hunk, newLines: hunk.newLines + delta };
        expect(diffMetaFromMeta({ files: [{ path: 'a.ts', status: 'modified', hunks: [miscounted] }] })).toBeUndefined();
      }),
    );
  });
});
