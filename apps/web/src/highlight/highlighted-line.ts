import type { ThemedToken } from '@shikijs/types';

/**
 * One coloured run of a line, small enough to post from the worker: the light and dark
 * colours become the `--shiki-light` / `--shiki-dark` variables cards.css switches between.
 */
export interface HighlightedToken {
  text: string;
  light?: string;
  dark?: string;
  italic?: true;
  underline?: true;
}

export type HighlightedLine = HighlightedToken[];

/** Receives tokens for lines `start … start + lines.length - 1` of the window. */
export type HighlightChunkListener = (start: number, lines: HighlightedLine[]) => void;

export interface HighlightRequest {
  lang: string;
  texts: readonly string[];
}

/**
 * From Shiki's dual-theme tokens (`defaultColor: false`). Bold is dropped on purpose: a
 * heavier weight can widen a glyph, and highlighting must not move the text.
 */
export function highlightedLineFromShiki(tokens: readonly ThemedToken[]): HighlightedLine {
  return tokens.map((token) => {
    const style = token.htmlStyle ?? {};
    const out: HighlightedToken = { text: token.content };
    // Shiki writes 'inherit' for a theme without a colour: the CSS fallback does the same.
    const light = style['--shiki-light'];
    const dark = style['--shiki-dark'];
    if (light && light !== 'inherit') out.light = light;
    if (dark && dark !== 'inherit') out.dark = dark;
    const fontStyle = style['--shiki-light-font-style'] ?? '';
    if (fontStyle.includes('italic')) out.italic = true;
    const decoration = style['--shiki-light-text-decoration'] ?? '';
    if (decoration.includes('underline')) out.underline = true;
    return out;
  });
}
