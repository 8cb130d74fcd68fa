import type { EncodedLine, EncodedWindow, ExportStyle } from '@toolcards/protocol';
import type { HighlightedLine, HighlightedToken } from '../highlight/highlighted-line';

/**
 * Highlighting precomputed at export, in a compact form: each token is its length and the
 * index of its look in one style table for the whole file (a few hundred looks cover a
 * session), so a line is a flat list of numbers and the text is never stored twice.
 */

// The encoded shapes (ExportStyle, EncodedLine, EncodedWindow) are the file's: protocol's export-file.ts.

/** Builds the style table while lines are encoded (the export's side). */
export class StyleTable {
  readonly styles: ExportStyle[] = [];
  private readonly index = new Map<string, number>();

  encodeLine(line: HighlightedLine): EncodedLine {
    const encoded: EncodedLine = [];
    for (const token of line) encoded.push(token.text.length, this.styleOf(token));
    return encoded;
  }

  private styleOf(token: HighlightedToken): number {
    if (token.light === undefined && token.dark === undefined && !token.italic && !token.underline) return -1;
    const style: ExportStyle = [token.light ?? '', token.dark ?? '', (token.italic ? 1 : 0) | (token.underline ? 2 : 0)];
    const name = style.join('|');
    let at = this.index.get(name);
    if (at === undefined) {
      at = this.styles.length;
      this.styles.push(style);
      this.index.set(name, at);
    }
    return at;
  }
}

/**
 * A window's tokens again, from its texts and encoded lines (the viewer's side); undefined
 * when the lengths do not add up to the texts (not this window's tokens: left plain).
 */
export function decodeWindow(texts: readonly string[], lines: readonly EncodedLine[], styles: readonly ExportStyle[]): HighlightedLine[] | undefined {
  if (lines.length < texts.length) return undefined;
  const decoded: HighlightedLine[] = [];
  for (let row = 0; row < texts.length; row += 1) {
    const text = texts[row]!;
    const encoded = lines[row]!;
    const line: HighlightedLine = [];
    let at = 0;
    for (let index = 0; index + 1 < encoded.length; index += 2) {
      const length = encoded[index]!;
      const token: HighlightedToken = { text: text.slice(at, at + length) };
      at += length;
      const style = styles[encoded[index + 1]!];
      if (style) {
        if (style[0] !== '') token.light = style[0];
        if (style[1] !== '') token.dark = style[1];
        if (style[2] & 1) token.italic = true;
        if (style[2] & 2) token.underline = true;
      }
      line.push(token);
    }
    if (at !== text.length) return undefined;
    decoded.push(line);
  }
  return decoded;
}
