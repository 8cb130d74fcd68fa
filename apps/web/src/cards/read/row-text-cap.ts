import type { HighlightedLine } from '../../highlight/highlighted-line';

/**
 * Characters of a line a read row draws until the reader asks for the rest: the read tool's
 * own default cut (`readMaxLineChars`), so every line it returns by default shows whole.
 * Longer lines come from a raised cap or an old log; unwrapped, 21 lines of 20,000 characters
 * cost the main thread a quarter of a second of layout per frame and held up the next card.
 * The line itself stays whole: Copy code copies it, and one click draws the rest.
 */
export const ROW_TEXT_MAX_CHARS = 2_000;

/** UTF-16 units of `text` a row draws: all of it, or the cap without splitting a surrogate pair. */
export function shownLength(text: string, whole = false): number {
  if (whole || text.length <= ROW_TEXT_MAX_CHARS) return text.length;
  const last = text.charCodeAt(ROW_TEXT_MAX_CHARS - 1);
  return last >= 0xd800 && last <= 0xdbff ? ROW_TEXT_MAX_CHARS - 1 : ROW_TEXT_MAX_CHARS;
}

/** The tokens covering the first `length` units of their line, the last one cut there. */
export function tokensUpTo(tokens: HighlightedLine, length: number): HighlightedLine {
  const kept: HighlightedLine = [];
  let offset = 0;
  for (const token of tokens) {
    if (offset >= length) break;
    const end = offset + token.text.length;
    kept.push(end <= length ? token : { ...token, text: token.text.slice(0, length - offset) });
    offset = end;
  }
  return kept;
}
