/**
 * Characters a card never shows raw, because the browser would draw them as nothing, or
 * let them reorder or break the text around them. Each one becomes an escape chip
 * ("U+202E") so what is on screen is what is stored (as VS Code and GitHub do).
 *
 * The set, written down in invisible-characters.test.ts:
 * - bidi controls: U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069 (Trojan Source);
 * - zero-width and other Default_Ignorable characters: U+00AD soft hyphen, U+034F,
 *   U+115F, U+1160, U+17B4, U+17B5, U+180B–U+180F, U+200B–U+200D, U+2060–U+206F,
 *   U+3164, U+FEFF (kept raw at the very start of a file: it is a byte order mark there),
 *   U+FFA0, U+FFF0–U+FFFB, U+1BCA0–U+1BCA3, U+1D173–U+1D17A, U+E0000–U+E0FFF (tags,
 *   used to smuggle invisible text, and variation selectors 17–256);
 * - controls: C0 except tab (and except line breaks in multi-line text), DEL, C1;
 * - U+2028 and U+2029, which break a line on screen but not in the stored text;
 * - lone surrogates, which are not characters at all.
 *
 * Left alone on purpose: U+FE00–U+FE0F (they pick a glyph's look, e.g. emoji style), ZWJ
 * between two pictographs (man + ZWJ + woman is one family emoji), tag characters that
 * spell an emoji flag after 🏴, and visible spaces such as U+00A0 or U+3000 (they show as
 * space, not as nothing).
 */

export type EscapeKind = 'bidi' | 'invisible' | 'control' | 'line-break' | 'surrogate';

export interface TextSegment {
  kind: 'text';
  text: string;
}

export interface EscapeSegment {
  kind: 'escape';
  /** The original character (1 or 2 UTF-16 units): what a copy puts on the clipboard. */
  text: string;
  codePoint: number;
  escape: EscapeKind;
  /** "U+202E": what the chip shows. */
  label: string;
  /** "U+202E right-to-left override: a bidirectional control character …": its title. */
  description: string;
}

export type VisibleSegment = TextSegment | EscapeSegment;

export interface VisibleOptions {
  /** Multi-line text (a generic card's output): \n and the \r of \r\n stay line breaks. */
  multiline?: boolean;
  /** The text starts the file: a leading U+FEFF is its byte order mark, not an escape. */
  fileStart?: boolean;
}

const BIDI_NAMES: Record<number, string> = {
  0x061c: 'arabic letter mark',
  0x200e: 'left-to-right mark',
  0x200f: 'right-to-left mark',
  0x202a: 'left-to-right embedding',
  0x202b: 'right-to-left embedding',
  0x202c: 'pop directional formatting',
  0x202d: 'left-to-right override',
  0x202e: 'right-to-left override',
  0x2066: 'left-to-right isolate',
  0x2067: 'right-to-left isolate',
  0x2068: 'first strong isolate',
  0x2069: 'pop directional isolate',
};

const OTHER_NAMES: Record<number, string> = {
  0x0000: 'null',
  0x0007: 'bell',
  0x0008: 'backspace',
  0x000a: 'line feed',
  0x000b: 'line tabulation',
  0x000c: 'form feed',
  0x000d: 'carriage return',
  0x001b: 'escape',
  0x007f: 'delete',
  0x0085: 'next line',
  0x00ad: 'soft hyphen',
  0x034f: 'combining grapheme joiner',
  0x115f: 'hangul choseong filler',
  0x1160: 'hangul jungseong filler',
  0x180e: 'mongolian vowel separator',
  0x200b: 'zero width space',
  0x200c: 'zero width non-joiner',
  0x200d: 'zero width joiner',
  0x2028: 'line separator',
  0x2029: 'paragraph separator',
  0x2060: 'word joiner',
  0x3164: 'hangul filler',
  0xfeff: 'zero width no-break space (byte order mark)',
  0xffa0: 'halfwidth hangul filler',
};

const EXPLANATIONS: Record<EscapeKind, string> = {
  bidi: 'a bidirectional control character: it can make text display in a different order from how it is stored',
  invisible: 'an invisible character: it takes no space on screen but is part of the text',
  control: 'a control character',
  'line-break': 'a line break character that is not a newline',
  surrogate: 'half of a character (a lone UTF-16 surrogate): not valid text',
};

/**
 * One pass finds every candidate (a cheap test keeps ordinary lines on the fast path); the
 * exceptions that depend on neighbours are decided in `escapeAt`.
 */
const CANDIDATES =
  /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff0-\ufffb\u{1bca0}-\u{1bca3}\u{1d173}-\u{1d17a}\u{e0000}-\u{e0fff}]|\p{Surrogate}/gu;
const ANY_CANDIDATE = new RegExp(CANDIDATES.source, 'u');
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;

const ZWJ = 0x200d;
const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;

/** True when the text holds a bidi control: the card then says so in a banner. */
export function hasBidiControl(text: string): boolean {
  return BIDI_CONTROL.test(text);
}

/** True when the text holds anything `visibleSegments` would escape (ignoring context). */
export function mayNeedEscapes(text: string): boolean {
  return ANY_CANDIDATE.test(text);
}

/** Whether a code point is in the escape set (ignoring context): for width estimates. */
export function isEscapedCodePoint(codePoint: number): boolean {
  return ANY_CANDIDATE.test(String.fromCodePoint(codePoint));
}

/** The text as plain runs and escape chips, in order; joined, the runs' `text` is `text`. */
export function visibleSegments(text: string, options: VisibleOptions = {}): VisibleSegment[] {
  if (!mayNeedEscapes(text)) return [{ kind: 'text', text }];
  const segments: VisibleSegment[] = [];
  let cursor = 0;
  for (const found of text.matchAll(CANDIDATES)) {
    const start = found.index;
    const escape = escapeAt(text, start, options);
    if (!escape) continue;
    if (start > cursor) segments.push({ kind: 'text', text: text.slice(cursor, start) });
    segments.push(escape);
    cursor = start + escape.text.length;
  }
  if (cursor < text.length || segments.length === 0) segments.push({ kind: 'text', text: text.slice(cursor) });
  return segments;
}

/**
 * The segments covering `[from, to)` of the original text (UTF-16 units), for a match mark
 * or a highlight token laid over a line that has escapes. A chip is never split: it goes
 * with the range its first unit falls in.
 */
export function sliceSegments(segments: readonly VisibleSegment[], from: number, to: number): VisibleSegment[] {
  const out: VisibleSegment[] = [];
  let offset = 0;
  for (const segment of segments) {
    const start = offset;
    const end = offset + segment.text.length;
    offset = end;
    if (end <= from || start >= to) continue;
    if (segment.kind === 'escape') {
      if (start >= from) out.push(segment);
    } else {
      out.push({ kind: 'text', text: segment.text.slice(Math.max(0, from - start), Math.min(segment.text.length, to - start)) });
    }
  }
  return out;
}

/**
 * The text with every escape written as "[U+202E]": for aria-labels and tooltips, which
 * cannot hold a chip but must not hold a raw control either.
 */
export function escapedText(text: string, options: VisibleOptions = {}): string {
  if (!mayNeedEscapes(text)) return text;
  return visibleSegments(text, options)
    .map((segment) => (segment.kind === 'escape' ? `[${segment.label}]` : segment.text))
    .join('');
}

/** "U+202E", four hex digits at least, as Unicode writes code points. */
export function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

function escapeAt(text: string, index: number, options: VisibleOptions): EscapeSegment | undefined {
  const codePoint = text.codePointAt(index)!;
  const char = String.fromCodePoint(codePoint);
  // A high surrogate with its low half is a real character and never a candidate here, so
  // a surrogate that reached this point stands alone.
  const length = codePoint >= 0xd800 && codePoint <= 0xdfff ? 1 : char.length;
  if (isKeptInContext(text, index, codePoint, options)) return undefined;
  const escape = escapeKind(codePoint);
  const label = codePointLabel(codePoint);
  const name = BIDI_NAMES[codePoint] ?? OTHER_NAMES[codePoint];
  const description = `${label}${name ? ` ${name}` : ''}: ${EXPLANATIONS[escape]}`;
  return { kind: 'escape', text: text.slice(index, index + length), codePoint, escape, label, description };
}

function escapeKind(codePoint: number): EscapeKind {
  if (BIDI_NAMES[codePoint] !== undefined) return 'bidi';
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 'surrogate';
  if (codePoint === 0x2028 || codePoint === 0x2029) return 'line-break';
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f)) return 'control';
  return 'invisible';
}

function isKeptInContext(text: string, index: number, codePoint: number, options: VisibleOptions): boolean {
  if (options.multiline && (codePoint === 0x0a || (codePoint === 0x0d && text.charCodeAt(index + 1) === 0x0a))) return true;
  if (codePoint === 0xfeff && index === 0 && options.fileStart) return true;
  // Man + ZWJ + woman: a joiner between two pictographs is part of one emoji.
  if (codePoint === ZWJ) return PICTOGRAPH.test(codePointBefore(text, index)) && PICTOGRAPH.test(codePointAfter(text, index + 1));
  if (codePoint >= 0xe0020 && codePoint <= CANCEL_TAG) return isInFlagTagSequence(text, index);
  return false;
}

/** 🏴 + tag letters + cancel tag spells a subdivision flag (the flag of Scotland): those tags are the emoji, not hidden text. */
function isInFlagTagSequence(text: string, index: number): boolean {
  let start = index;
  while (start > 0) {
    const before = text.codePointAt(start - 2);
    if (before === undefined || before < 0xe0020 || before > 0xe007e) break;
    start -= 2;
  }
  if (text.codePointAt(start - 2) !== BLACK_FLAG) return false;
  let end = index;
  while (end < text.length) {
    const at = text.codePointAt(end)!;
    if (at === CANCEL_TAG) return true;
    if (at < 0xe0020 || at > 0xe007e) return false;
    end += 2;
  }
  return false;
}

function codePointBefore(text: string, index: number): string {
  if (index === 0) return '';
  const low = text.charCodeAt(index - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && index >= 2 ? index - 2 : index - 1;
  return String.fromCodePoint(text.codePointAt(start)!);
}

function codePointAfter(text: string, index: number): string {
  const codePoint = text.codePointAt(index);
  return codePoint === undefined ? '' : String.fromCodePoint(codePoint);
}
