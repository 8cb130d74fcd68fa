import type { ThemedToken } from '@shikijs/types';
import type { HighlightedLine, HighlightedToken } from '../highlighted-line';

/**
 * From Shiki's dual-theme tokens (`defaultColor: false`), as the app made its lines before it
 * coloured them itself (scope-styles.ts). Bold is dropped on purpose: a
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
