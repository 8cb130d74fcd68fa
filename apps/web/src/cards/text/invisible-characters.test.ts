import { describe, expect, it } from 'vitest';
import { escapedText, hasBidiControl, isEscapedCodePoint, sliceSegments, visibleSegments, type VisibleSegment } from './invisible-characters';

const chips = (segments: readonly VisibleSegment[]) => segments.filter((segment) => segment.kind === 'escape').map((segment) => segment.label);
const joined = (segments: readonly VisibleSegment[]) => segments.map((segment) => segment.text).join('');

/** The escape set, written down: every character here becomes a chip. */
const ESCAPED: readonly [string, readonly number[]][] = [
  ['bidi controls', [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]],
  ['zero-width characters', [0x200b, 0x200c, 0x200d, 0x2060, 0xfeff]],
  ['other default-ignorable characters', [0x00ad, 0x034f, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180e, 0x2061, 0x2064, 0x206a, 0x206f, 0x3164, 0xffa0, 0xfff9, 0x1bca0, 0x1d173]],
  ['tags and variation selectors 17–256', [0xe0001, 0xe0041, 0xe007f, 0xe0100, 0xe01ef]],
  ['C0 controls except tab', [0x00, 0x07, 0x08, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b, 0x1f]],
  ['DEL and C1 controls', [0x7f, 0x80, 0x85, 0x9f]],
  ['line and paragraph separators', [0x2028, 0x2029]],
];

/** …and these stay as they are. */
const KEPT: readonly [string, string][] = [
  ['tab', '\t'],
  ['ordinary space and no-break spaces (visible as space)', ' \u00a0\u3000\u2003'],
  ['emoji presentation selector', '❤️'],
  ['letters of any script', 'héllo пример 日本語 مرحبا'],
  ['a joiner inside an emoji', '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'],
  ['a subdivision flag', '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'],
];

describe('visibleSegments', () => {
  it.each(ESCAPED)('escapes %s', (_, codePoints) => {
    for (const codePoint of codePoints) {
      const char = String.fromCodePoint(codePoint);
      const segments = visibleSegments(`a${char}b`);
      expect(chips(segments), `U+${codePoint.toString(16)}`).toEqual([`U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`]);
      expect(joined(segments)).toBe(`a${char}b`);
      expect(isEscapedCodePoint(codePoint)).toBe(true);
    }
  });

  it.each(KEPT)('keeps %s as text', (_, text) => {
    expect(visibleSegments(`a${text}b`)).toEqual([{ kind: 'text', text: `a${text}b` }]);
  });

  it('shows the reversed file name for what it is', () => {
    expect(visibleSegments('report\u202Etxt.exe')).toEqual([
      { kind: 'text', text: 'report' },
      expect.objectContaining({ kind: 'escape', text: '\u202E', label: 'U+202E', escape: 'bidi' }),
      { kind: 'text', text: 'txt.exe' },
    ]);
  });

  it('explains each chip', () => {
    const [, rlo] = visibleSegments('a\u202Eb');
    expect(rlo).toMatchObject({ description: expect.stringMatching(/^U\+202E right-to-left override: a bidirectional control/) });
    const [, zwsp] = visibleSegments('zw\u200Bspace');
    expect(zwsp).toMatchObject({ escape: 'invisible', description: expect.stringMatching(/^U\+200B zero width space: an invisible character/) });
  });

  it('escapes a joiner that is not between two pictographs', () => {
    expect(chips(visibleSegments('a\u200Db'))).toEqual(['U+200D']);
    expect(chips(visibleSegments('👨\u200D'))).toEqual(['U+200D']);
  });

  it('escapes tags that do not spell a flag after 🏴 (invisible smuggled text)', () => {
    expect(chips(visibleSegments('ok\u{E0068}\u{E0069}'))).toEqual(['U+E0068', 'U+E0069']);
    expect(chips(visibleSegments('🏴\u{E0067}\u{E0062}'))).toEqual(['U+E0067', 'U+E0062']);
  });

  it('keeps a byte order mark at the start of a file, escapes it anywhere else', () => {
    expect(visibleSegments('\uFEFFimport x', { fileStart: true })).toEqual([{ kind: 'text', text: '\uFEFFimport x' }]);
    expect(chips(visibleSegments('\uFEFFimport x'))).toEqual(['U+FEFF']);
    expect(chips(visibleSegments('a\uFEFF', { fileStart: true }))).toEqual(['U+FEFF']);
  });

  it('keeps line breaks in multi-line text, escapes a lone carriage return', () => {
    expect(visibleSegments('one\ntwo\r\nthree', { multiline: true })).toEqual([{ kind: 'text', text: 'one\ntwo\r\nthree' }]);
    expect(chips(visibleSegments('50%\r100%', { multiline: true }))).toEqual(['U+000D']);
    expect(chips(visibleSegments('a\nb'))).toEqual(['U+000A']);
  });

  it('escapes a lone surrogate, keeps a paired one', () => {
    expect(chips(visibleSegments('x\uD83Dy'))).toEqual(['U+D83D']);
    expect(chips(visibleSegments('x\uDE00'))).toEqual(['U+DE00']);
    expect(visibleSegments('😀')).toEqual([{ kind: 'text', text: '😀' }]);
  });

  it('escapes controls next to each other one by one', () => {
    expect(chips(visibleSegments('\u202E\u2066\u200B'))).toEqual(['U+202E', 'U+2066', 'U+200B']);
  });
});

describe('sliceSegments', () => {
  const line = visibleSegments('ab\u202Ecd\u200Bef');

  it('cuts plain runs and keeps whole chips, by original UTF-16 offsets', () => {
    expect(joined(sliceSegments(line, 1, 4))).toBe('b\u202Ec');
    expect(chips(sliceSegments(line, 1, 4))).toEqual(['U+202E']);
    expect(sliceSegments(line, 5, 6)).toEqual([expect.objectContaining({ label: 'U+200B' })]);
    expect(joined(sliceSegments(line, 6, 8))).toBe('ef');
  });

  it('puts the pieces of consecutive ranges back together', () => {
    const cuts = [0, 2, 3, 5, 8];
    const pieces = cuts.slice(1).flatMap((end, index) => sliceSegments(line, cuts[index]!, end));
    expect(joined(pieces)).toBe('ab\u202Ecd\u200Bef');
  });
});

describe('escapedText', () => {
  it('writes escapes as [U+XXXX] for labels and tooltips', () => {
    expect(escapedText('report\u202Etxt.exe')).toBe('report[U+202E]txt.exe');
    expect(escapedText('plain.ts')).toBe('plain.ts');
  });
});

describe('hasBidiControl', () => {
  it('finds bidi controls only', () => {
    expect(hasBidiControl('/* \u202E } \u2066 */')).toBe(true);
    expect(hasBidiControl('\u061C')).toBe(true);
    expect(hasBidiControl('zw\u200Bspace')).toBe(false);
    expect(hasBidiControl('שלום world')).toBe(false);
  });
});
