import { describe, expect, it } from 'vitest';
import { withoutIncompleteTail } from '../utf8-cut';
import {
  cutAtChars,
  lineCutMarker,
  ReadWindowScanner,
  SNIFF_BYTES,
  type ReadScanOutcome,
  type ReadWindowOptions,
} from './read-window';

const OPTIONS: ReadWindowOptions = { offset: 1, limit: 2000, maxLineChars: 2000, maxWindowBytes: 50 * 1024 };

function scan(content: string | Buffer, options: Partial<ReadWindowOptions> = {}, chunkSize = Infinity): ReadScanOutcome {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const scanner = new ReadWindowScanner({ ...OPTIONS, ...options });
  const size = Math.min(chunkSize, Math.max(bytes.length, 1));
  // A reused chunk buffer, as the file reader does: the scanner must copy what it keeps.
  const reused = Buffer.alloc(size);
  for (let at = 0; at < bytes.length; at += size) {
    const length = bytes.copy(reused, 0, at, Math.min(bytes.length, at + size));
    scanner.push(reused.subarray(0, length));
    reused.fill(0x21);
  }
  return scanner.finish();
}

function window(content: string | Buffer, options: Partial<ReadWindowOptions> = {}, chunkSize = Infinity) {
  const outcome = scan(content, options, chunkSize);
  if (outcome.kind !== 'window') throw new Error(`not a window: ${outcome.reason}`);
  return outcome.window;
}

describe('ReadWindowScanner line counting', () => {
  it.each([
    ['', 0],
    ['a', 1],
    ['a\n', 1],
    ['a\nb', 2],
    ['a\nb\n', 2],
    ['\n', 1],
    ['\n\n\n', 3],
  ])('%j has %i lines', (content, total) => {
    expect(window(content).totalLines).toBe(total);
  });

  it('gives the same result whatever the chunk size', () => {
    const content = `héllo\r\nwörld 👋\n${'z'.repeat(3000)}\n\nlast`;
    const whole = window(content, { limit: 3 });
    for (const size of [1, 2, 3, 7, 64, 4096]) {
      expect(window(content, { limit: 3 }, size)).toEqual(whole);
    }
    expect(whole.totalLines).toBe(5);
  });
});

describe('ReadWindowScanner window', () => {
  it('returns the asked lines, strips \\r of CRLF and the BOM', () => {
    const result = window('\ufefffirst\r\nsecond\r\nthird\r\n');
    expect(result.lines).toEqual([
      { number: 1, text: 'first' },
      { number: 2, text: 'second' },
      { number: 3, text: 'third' },
    ]);
    expect(result.end).toBe('end-of-file');
  });

  it('keeps a lone \\r inside a line', () => {
    expect(window('a\rb\n').lines).toEqual([{ number: 1, text: 'a\rb' }]);
  });

  it('honours offset and limit and says why it stopped', () => {
    const content = Array.from({ length: 10 }, (_, index) => `l${index + 1}`).join('\n');
    const middle = window(content, { offset: 4, limit: 3 });
    expect(middle.lines.map((line) => line.number)).toEqual([4, 5, 6]);
    expect(middle).toMatchObject({ offset: 4, totalLines: 10, end: 'line-limit' });
    expect(window(content, { offset: 8, limit: 3 })).toMatchObject({ end: 'end-of-file', totalLines: 10 });
    expect(window(content, { offset: 8, limit: 3 }).lines.map((line) => line.number)).toEqual([8, 9, 10]);
    expect(window(content, { offset: 11 })).toMatchObject({ lines: [], totalLines: 10, end: 'end-of-file' });
  });

  it('cuts a line longer than maxLineChars with a marker, and leaves one of exactly maxLineChars alone', () => {
    const exact = window(`${'a'.repeat(2000)}\n`).lines[0]!.text;
    expect(exact).toBe('a'.repeat(2000));
    const long = window(`${'b'.repeat(2001)}\n`).lines[0]!.text;
    expect(long).toBe('b'.repeat(2000) + lineCutMarker(2000));
  });

  it('never keeps more than a bounded prefix of a huge line, and still counts past it', () => {
    const scanner = new ReadWindowScanner({ ...OPTIONS, maxLineChars: 10 });
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    for (let index = 0; index < 20; index += 1) scanner.push(chunk);
    scanner.push(Buffer.from('\nnext\n'));
    const outcome = scanner.finish();
    expect(outcome).toEqual({
      kind: 'window',
      window: {
        offset: 1,
        totalLines: 2,
        end: 'end-of-file',
        lines: [
          { number: 1, text: 'a'.repeat(10) + lineCutMarker(10), cutAtChars: 10 },
          { number: 2, text: 'next' },
        ],
      },
    });
  });

  it('does not split a multibyte character or a surrogate pair when cutting', () => {
    const emoji = window(`${'x'.repeat(9)}👋tail\n`, { maxLineChars: 10 }).lines[0]!.text;
    expect(emoji).toBe('x'.repeat(9) + lineCutMarker(10));
    const scanner = new ReadWindowScanner({ ...OPTIONS, maxLineChars: 3 });
    scanner.push(Buffer.from('日本語日本語日本語日本語日本語日本語'));
    const outcome = scanner.finish();
    expect(outcome.kind === 'window' && outcome.window.lines[0]!.text).toBe('日本語' + lineCutMarker(3));
  });

  it('stops at the window byte cap and says so', () => {
    const content = Array.from({ length: 100 }, () => 'x'.repeat(99)).join('\n');
    const capped = window(content, { maxWindowBytes: 1000 });
    expect(capped.lines.length).toBe(10);
    expect(capped.end).toBe('byte-cap');
    expect(capped.totalLines).toBe(100);
  });

  it('returns an empty window when the first line alone exceeds the cap', () => {
    const capped = window('x'.repeat(500) + '\nshort\n', { offset: 1, maxWindowBytes: 100 });
    expect(capped).toEqual({ offset: 1, lines: [], totalLines: 2, end: 'byte-cap' });
  });
});

describe('ReadWindowScanner text detection', () => {
  it('refuses a NUL byte in the first 8 KiB', () => {
    expect(scan(Buffer.from('abc\0def\n'))).toEqual({ kind: 'not-text', reason: 'it contains NUL bytes (a binary file)' });
    const late = Buffer.concat([Buffer.alloc(SNIFF_BYTES - 1, 0x61), Buffer.from([0])]);
    expect(scan(late, {}, 100).kind).toBe('not-text');
  });

  it('accepts a NUL byte past the first 8 KiB (only the head is sniffed)', () => {
    const content = Buffer.concat([Buffer.from(`${'a'.repeat(SNIFF_BYTES + 10)}\n`), Buffer.from([0x62, 0, 0x63])]);
    expect(window(content, { limit: 1 }).totalLines).toBe(2);
  });

  it('refuses invalid UTF-8 in the head or in the window', () => {
    expect(scan(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])).kind).toBe('not-text');
    const lateInWindow = Buffer.concat([Buffer.from(`${'a\n'.repeat(SNIFF_BYTES)}`), Buffer.from([0xff, 0x0a])]);
    expect(scan(lateInWindow, { limit: 1_000_000 })).toEqual({ kind: 'not-text', reason: `line ${SNIFF_BYTES + 1} is not valid UTF-8` });
  });

  it('accepts a multibyte character cut by the 8 KiB sniff boundary', () => {
    const content = Buffer.from(`${'a'.repeat(SNIFF_BYTES - 1)}é\n`);
    expect(window(content, {}, 1000).totalLines).toBe(1);
  });

  it('reports the not-text reason once, even when more chunks follow', () => {
    const scanner = new ReadWindowScanner(OPTIONS);
    scanner.push(Buffer.alloc(SNIFF_BYTES, 0));
    scanner.push(Buffer.from('more\n'));
    expect(scanner.finish().kind).toBe('not-text');
  });
});

describe('cutAtChars and withoutIncompleteTail', () => {
  it('cuts by UTF-16 units without splitting a pair', () => {
    expect(cutAtChars('abc', 5)).toBe('abc');
    expect(cutAtChars('abcdef', 3)).toBe('abc');
    expect(cutAtChars('ab👋', 3)).toBe('ab');
  });

  it('drops only a cut-off trailing sequence', () => {
    const e = Buffer.from('é'); // c3 a9
    const emoji = Buffer.from('👋'); // 4 bytes
    expect(withoutIncompleteTail(Buffer.from('abc'))).toEqual(Buffer.from('abc'));
    expect(withoutIncompleteTail(Buffer.concat([Buffer.from('a'), e]))).toEqual(Buffer.from('aé'));
    expect(withoutIncompleteTail(Buffer.concat([Buffer.from('a'), e.subarray(0, 1)]))).toEqual(Buffer.from('a'));
    expect(withoutIncompleteTail(Buffer.concat([Buffer.from('a'), emoji.subarray(0, 3)]))).toEqual(Buffer.from('a'));
    expect(withoutIncompleteTail(Buffer.concat([Buffer.from('a'), emoji]))).toEqual(Buffer.from('a👋'));
    expect(withoutIncompleteTail(Buffer.alloc(0))).toEqual(Buffer.alloc(0));
  });
});
