import { describe, expect, it } from 'vitest';
import {
  LEADING_CUT_MARKER,
  NOT_UTF8_MARKER,
  previewBytesLine,
  previewTextLine,
  previewUtf8Line,
  trailingCutMarker,
  withoutLineEnd,
  withoutLineEndBytes,
  type ByteSpan,
} from './match-preview';

/** Byte spans of every occurrence of `needle` in `line`, as ripgrep reports them. */
function spans(line: string, needle: string): ByteSpan[] {
  const bytes = Buffer.from(line);
  const target = Buffer.from(needle);
  const found: ByteSpan[] = [];
  for (let at = bytes.indexOf(target); at !== -1; at = bytes.indexOf(target, at + Math.max(1, target.length))) {
    found.push({ start: at, end: at + target.length });
  }
  return found;
}

function highlighted(line: string, ranges: [number, number][]): string[] {
  return ranges.map(([start, end]) => line.slice(start, end));
}

describe('previewTextLine', () => {
  it('keeps a short line whole and strips its terminator', () => {
    expect(previewTextLine('const x = 1;\n', [], 2000)).toEqual({ line: 'const x = 1;', ranges: [] });
    expect(previewTextLine('crlf line\r\n', spans('crlf line', 'line'), 2000)).toEqual({ line: 'crlf line', ranges: [[5, 9]] });
  });

  it('turns byte offsets into UTF-16 ranges of the delivered line', () => {
    const line = 'héllo 日本 👋 needle and needle';
    const preview = previewTextLine(`${line}\n`, spans(line, 'needle'), 2000);
    expect(preview.line).toBe(line);
    expect(highlighted(preview.line, preview.ranges)).toEqual(['needle', 'needle']);
    const emoji = previewTextLine('a👋b', spans('a👋b', '👋'), 2000);
    expect(emoji.ranges).toEqual([[1, 3]]);
  });

  it('cuts on a UTF-8 boundary within the budget and marks the cut', () => {
    const line = `ab${'é'.repeat(10)}`; // 2 + 20 bytes
    const preview = previewTextLine(line, spans(line, 'ab'), 7);
    expect(preview.line).toBe(`abéé${trailingCutMarker(7)}`);
    expect(Buffer.byteLength(preview.line.slice(0, -trailingCutMarker(7).length))).toBeLessThanOrEqual(7);
    expect(preview.ranges).toEqual([[0, 2]]);
  });

  it('clips a range the cut runs through and drops ranges past it', () => {
    const line = 'needle needle needle';
    const preview = previewTextLine(line, spans(line, 'needle'), 9);
    expect(preview.line).toBe(`needle ne${trailingCutMarker(9)}`);
    expect(preview.ranges).toEqual([[0, 6], [7, 9]]);
  });

  it('moves the window to a match past the budget, with a leading marker', () => {
    const line = `${'a'.repeat(5000)}needle${'z'.repeat(5000)}`;
    const preview = previewTextLine(line, spans(line, 'needle'), 2000);
    expect(preview.line.startsWith(LEADING_CUT_MARKER)).toBe(true);
    expect(preview.line.endsWith(trailingCutMarker(2000))).toBe(true);
    expect(highlighted(preview.line, preview.ranges)).toEqual(['needle']);
    const body = preview.line.slice(LEADING_CUT_MARKER.length, -trailingCutMarker(2000).length);
    expect(Buffer.byteLength(body)).toBe(2000);
  });

  it('keeps zero-width matches inside the window', () => {
    const preview = previewTextLine('abc', [{ start: 0, end: 0 }, { start: 3, end: 3 }], 2000);
    expect(preview.ranges).toEqual([[0, 0], [3, 3]]);
  });

  it('never yields a range outside the delivered line', () => {
    const alphabet = ['a', 'é', '日', '👋', 'needle', ' '];
    for (let seed = 1; seed < 300; seed += 1) {
      let line = '';
      for (let index = 0, value = seed; index < (seed % 40) + 1; index += 1, value = (value * 7 + 3) % 101) {
        line += alphabet[value % alphabet.length];
      }
      const budget = (seed % 23) + 1;
      const preview = previewTextLine(line, spans(line, 'needle'), budget);
      for (const [start, end] of preview.ranges) {
        expect(0 <= start && start <= end && end <= preview.line.length).toBe(true);
      }
      expect(preview.line).not.toContain('\ufffd');
    }
  });
});

describe('previewUtf8Line', () => {
  it('agrees with the string form', () => {
    const line = `${'ü'.repeat(1500)} needle ${'x'.repeat(100)}`;
    expect(previewUtf8Line(Buffer.from(line), spans(line, 'needle'), 2000)).toEqual(previewTextLine(line, spans(line, 'needle'), 2000));
  });
});

describe('previewBytesLine', () => {
  it('shows a line that is not UTF-8 lossily behind a marker, without ranges', () => {
    const raw = Buffer.concat([Buffer.from('caf'), Buffer.from([0xe9]), Buffer.from(' needle\r\n')]);
    expect(previewBytesLine(raw, 2000)).toEqual({ line: `${NOT_UTF8_MARKER}caf\ufffd needle`, ranges: [] });
  });

  it('cuts it to the budget too', () => {
    const raw = Buffer.concat([Buffer.from([0xff]), Buffer.alloc(3000, 0x61)]);
    const preview = previewBytesLine(raw, 10);
    expect(preview.line).toBe(`${NOT_UTF8_MARKER}\ufffd${'a'.repeat(9)}${trailingCutMarker(10)}`);
  });
});

describe('withoutLineEnd', () => {
  it('strips \\n and \\r\\n only', () => {
    expect(withoutLineEnd('a\r\n')).toBe('a');
    expect(withoutLineEnd('a\n')).toBe('a');
    expect(withoutLineEnd('a\r')).toBe('a');
    expect(withoutLineEnd('a\rb')).toBe('a\rb');
    expect(withoutLineEndBytes(Buffer.from('a\r\n')).toString()).toBe('a');
  });
});
