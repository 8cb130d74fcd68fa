import { codePointLabel, isEscapedCodePoint } from '../text/invisible-characters';

/**
 * The widest line in monospace columns: tabs to the next stop, East Asian wide characters
 * and emoji as two, an escaped character as its chip ("U+202E"). A virtualized window renders only some rows, so the code column's
 * width must come from every line, not from the rows on screen.
 */
export function widestColumns(texts: readonly string[], tabSize = 4): number {
  let widest = 0;
  for (const text of texts) {
    // Most code is printable ASCII: one column per character, found by one native scan
    // instead of a loop over code points (2,000 lines on a card's first render).
    if (PRINTABLE_ASCII.test(text)) {
      if (text.length > widest) widest = text.length;
      continue;
    }
    let columns = 0;
    for (const char of text) {
      const code = char.codePointAt(0)!;
      if (code === 9) columns += tabSize - (columns % tabSize);
      // Printable ASCII is never escaped: only test the rest.
      else if ((code < 0x20 || code >= 0x7f) && isEscapedCodePoint(code)) columns += codePointLabel(code).length;
      else columns += isWide(code) ? 2 : 1;
    }
    if (columns > widest) widest = columns;
  }
  return widest;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1faff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}
