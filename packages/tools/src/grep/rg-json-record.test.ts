import { describe, expect, it } from 'vitest';
import { beginRecord, endRecord, matchRecord, SUMMARY_RECORD } from '../test-support/rg-records';
import {
  parseRgBegin,
  parseRgMatch,
  rgBeginPath,
  rgBeginPathJsonLength,
  rgDataText,
  rgFirstSubmatch,
  rgLineNumberAfterLine,
  rgLineValueStart,
  rgRecordType,
  rgSliceLine,
  sliceRgMatch,
} from './rg-json-record';

const record = (json: string) => {
  const buffer = Buffer.from(`garbage\n${json}\nmore`);
  return { buffer, start: 8, end: 8 + Buffer.byteLength(json) };
};

describe('rgRecordType', () => {
  it('classifies records from their first bytes', () => {
    const type = (json: string) => {
      const { buffer, start, end } = record(json);
      return rgRecordType(buffer, start, end);
    };
    expect(type(beginRecord('a.ts'))).toBe('begin');
    expect(type(matchRecord('a.ts', 1, 'x\n'))).toBe('match');
    expect(type(endRecord('a.ts'))).toBe('end');
    expect(type('{"type":"summary","data":{}}')).toBe('summary');
    expect(type('{"type":"context","data":{}}')).toBe('other');
    expect(type('{"type":"matchless"}')).toBe('other');
    expect(type('{"type":"mat')).toBe('other');
    expect(type('not json')).toBe('other');
    // ripgrep writes the summary's type last.
    expect(type(SUMMARY_RECORD)).toBe('summary');
  });
});

describe('parseRgBegin and parseRgMatch', () => {
  it('read text and bytes paths and lines', () => {
    expect(parseRgBegin(beginRecord('./a "b".ts'))).toEqual({ kind: 'text', text: './a "b".ts' });
    const bytesPath = parseRgBegin(beginRecord(Buffer.from([0x61, 0xff])));
    expect(bytesPath?.kind).toBe('bytes');
    expect(rgDataText(bytesPath!)).toBe('a\ufffd');
    expect(parseRgMatch(matchRecord('a.ts', 3, 'a needle\n', 'needle'))).toEqual({
      path: { kind: 'text', text: 'a.ts' },
      lineNumber: 3,
      line: { kind: 'text', text: 'a needle\n' },
      submatches: [{ start: 2, end: 8 }],
    });
  });

  it('decline records without the expected shape', () => {
    expect(parseRgMatch('{"type":"match"}')).toBeUndefined();
    expect(parseRgMatch('{"type":"match","data":{"path":{"text":"a"},"lines":{"text":"x"}}}')).toBeUndefined();
    expect(parseRgMatch('[]')).toBeUndefined();
    expect(parseRgBegin('{"type":"begin","data":{"path":{}}}')).toBeUndefined();
  });
});

describe('sliceRgMatch', () => {
  const tricky = [
    'plain needle\n',
    'quotes "needle" and \\backslash\\ \t tab\r\n',
    '"},"line_number":99 needle,"lines":{"text":"\n',
    'unicode héllo 日本 👋 needle\n',
    'control \u0001\u001b[31m needle\n',
    'ends with backslash needle \\',
  ];
  const paths = ['a.ts', './dir/with "quotes" \\ and ,"lines":{"text":".txt'];

  it.each(tricky.flatMap((line) => paths.map((path) => [path, line])))('finds line number and line of %j / %j', (path, line) => {
    const json = matchRecord(path, 42, line, 'needle');
    const { buffer, start, end } = record(json);
    for (const hint of [-1, JSON.stringify({ text: path }).length]) {
      const slice = sliceRgMatch(buffer, start, end, hint);
      expect(slice).toBeDefined();
      expect(slice!.lineNumber).toBe(42);
      expect(slice!.kind).toBe('text');
      expect(JSON.parse(`"${buffer.toString('utf8', slice!.valueStart, slice!.valueEnd)}"`)).toBe(line);
      expect(rgSliceLine(buffer, slice!, 100_000)!.toString('utf8')).toBe(line);
      const first = Buffer.from(line).indexOf('needle');
      expect(rgFirstSubmatch(buffer, slice!, end)).toEqual(first === -1 ? undefined : { start: first, end: first + 6 });
    }
  });

  it('ignores a wrong path length hint', () => {
    const { buffer, start, end } = record(matchRecord('a.ts', 7, 'x\n'));
    expect(sliceRgMatch(buffer, start, end, 3)?.lineNumber).toBe(7);
  });

  it('slices a bytes line and decodes only a prefix of a long line', () => {
    const raw = Buffer.concat([Buffer.from([0xff]), Buffer.alloc(9000, 0x61), Buffer.from('\n')]);
    const bytesRecord = record(matchRecord('a.bin', 1, raw));
    const slice = sliceRgMatch(bytesRecord.buffer, bytesRecord.start, bytesRecord.end)!;
    expect(slice.kind).toBe('bytes');
    const prefix = rgSliceLine(bytesRecord.buffer, slice, 100)!;
    expect(prefix.length).toBeGreaterThanOrEqual(100);
    expect(prefix.length).toBeLessThan(200);
    expect(raw.subarray(0, prefix.length).equals(prefix)).toBe(true);

    const long = `${'"q" '.repeat(5000)}\n`;
    const textRecord = record(matchRecord('a.ts', 1, long));
    const textSlice = sliceRgMatch(textRecord.buffer, textRecord.start, textRecord.end)!;
    const textPrefix = rgSliceLine(textRecord.buffer, textSlice, 50)!;
    expect(textPrefix.length).toBeGreaterThanOrEqual(50);
    expect(textPrefix.length).toBeLessThanOrEqual(54);
    expect(long.startsWith(textPrefix.toString())).toBe(true);
  });

  it('finds the line number of a record with a long tail of submatches', () => {
    const line = `${'needle '.repeat(2000)}\n`;
    const { buffer, start, end } = record(matchRecord('a.ts', 5, line, 'needle'));
    const slice = sliceRgMatch(buffer, start, end)!;
    expect(slice.lineNumber).toBe(5);
    expect(rgFirstSubmatch(buffer, slice, end)).toEqual({ start: 0, end: 6 });
  });

  it('declines records it cannot slice', () => {
    const broken = record('{"type":"match","data":{"path":{"text":"a"},"lines":{"other":"x"}}}');
    expect(sliceRgMatch(broken.buffer, broken.start, broken.end)).toBeUndefined();
    const noNumber = record('{"type":"match","data":{"path":{"text":"a"},"lines":{"text":"x"},"line_number":null}}');
    expect(sliceRgMatch(noNumber.buffer, noNumber.start, noNumber.end)).toBeUndefined();
    const noLines = record('{"type":"match","data":{"path":{"text":"a"}}}');
    expect(sliceRgMatch(noLines.buffer, noLines.start, noLines.end)).toBeUndefined();
  });
});

describe('rgBeginPath', () => {
  const path = (json: string) => {
    const { buffer, start, end } = record(json);
    return rgBeginPath(buffer, start, end);
  };

  it('slices a plain path, UTF-8 included', () => {
    expect(path(beginRecord('./src/a.ts'))).toEqual({ kind: 'text', text: './src/a.ts' });
    expect(path(beginRecord('./dossier/é漢😀.ts'))).toEqual({ kind: 'text', text: './dossier/é漢😀.ts' });
    expect(path(beginRecord(''))).toEqual({ kind: 'text', text: '' });
  });

  it('decodes escapes exactly as JSON.parse does', () => {
    expect(path(beginRecord('./a "b".ts'))).toEqual({ kind: 'text', text: './a "b".ts' });
    expect(path(beginRecord('a\\b\tc\u0001.ts'))).toEqual({ kind: 'text', text: 'a\\b\tc\u0001.ts' });
    expect(path('{"type":"begin","data":{"path":{"text":"\\u00e9\\ud83d\\ude00\\/x\\\\y\\\"z"}}}')).toEqual({
      kind: 'text',
      text: 'é😀/x\\y"z',
    });
  });

  it('decodes base64 paths and rejects other shapes like parseRgBegin', () => {
    const bytesPath = path(beginRecord(Buffer.from([0x61, 0xff])));
    expect(bytesPath?.kind).toBe('bytes');
    expect(bytesPath !== undefined && rgDataText(bytesPath)).toBe('a\uFFFD');
    expect(path('{"type":"begin","data":{"path":{}}}')).toBeUndefined();
  });
});

describe('rgBeginPathJsonLength', () => {
  it('measures the path JSON a match record repeats', () => {
    const { buffer, start, end } = record(beginRecord('./a "b".ts'));
    expect(rgBeginPathJsonLength(buffer, start, end)).toBe(JSON.stringify({ text: './a "b".ts' }).length);
    const other = record(endRecord('a'));
    expect(rgBeginPathJsonLength(other.buffer, other.start, other.end)).toBe(-1);
  });
});

describe('rgLineValueStart and rgLineNumberAfterLine', () => {
  it('find the line value and the number after it', () => {
    const line = 'say "hi"\t\n';
    const { buffer, start, end } = record(matchRecord('./a "b".ts', 12, line));
    const value = rgLineValueStart(buffer, start, end, JSON.stringify({ text: './a "b".ts' }).length);
    expect(value?.kind).toBe('text');
    const valueStart = value!.valueStart;
    const valueEnd = valueStart + JSON.stringify(line).length - 2;
    expect(buffer[valueEnd]).toBe(0x22);
    expect(rgLineNumberAfterLine(buffer, valueEnd, end)).toBe(12);
    expect(rgLineNumberAfterLine(buffer, valueEnd - 1, end)).toBe(-1);
    const bytes = record(matchRecord('a', 1, Buffer.from([0xff, 0x0a])));
    expect(rgLineValueStart(bytes.buffer, bytes.start, bytes.end)).toMatchObject({ kind: 'bytes' });
    const broken = record('{"type":"match","data":{"path":{"text":"a"}}}');
    expect(rgLineValueStart(broken.buffer, broken.start, broken.end)).toBeUndefined();
  });
});
