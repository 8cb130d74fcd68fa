import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import type { LanguageRegistration } from '@shikijs/types';
import { HIGHLIGHT_THEMES, HIGHLIGHT_THEME_REGISTRATIONS } from '../highlighter';
import { highlightedLineFromShiki } from './highlighted-line-from-shiki';
import type { HighlightedLine } from '../highlighted-line';

/** The plain grammars the app highlighted with before precompiled ones (the same Shiki release as its core). */
const PLAIN_GRAMMARS: Record<string, () => Promise<{ default: LanguageRegistration[] }>> = {
  typescript: () => import('@shikijs/langs/typescript'),
  tsx: () => import('@shikijs/langs/tsx'),
  json: () => import('@shikijs/langs/json'),
  markdown: () => import('@shikijs/langs/markdown'),
  python: () => import('@shikijs/langs/python'),
};

let reference: Promise<HighlighterCore> | undefined;

/**
 * A window as the app highlighted it before one pass per line: Shiki's own codeToTokens with
 * both themes (it tokenizes the joined window once per theme), the JavaScript regex engine
 * and the plain grammar — what the new tokenizer's colours are held to.
 */
export async function shikiReferenceLines(lang: keyof typeof PLAIN_GRAMMARS, texts: readonly string[]): Promise<HighlightedLine[]> {
  reference ??= createHighlighterCore({
    themes: [HIGHLIGHT_THEME_REGISTRATIONS.light, HIGHLIGHT_THEME_REGISTRATIONS.dark],
    langs: [],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
  const highlighter = await reference;
  if (!highlighter.getLoadedLanguages().includes(lang)) await highlighter.loadLanguage(...(await PLAIN_GRAMMARS[lang]!()).default);
  // No time limit per line (Shiki's is 500 ms): a busy machine must not cut the reference short.
  const { tokens } = highlighter.codeToTokens(texts.join('\n'), { lang, themes: HIGHLIGHT_THEMES, defaultColor: false, tokenizeTimeLimit: 0 });
  return tokens.map(highlightedLineFromShiki);
}
