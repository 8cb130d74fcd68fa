import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import githubLightDefault from '@shikijs/themes/github-light-default';
import githubDarkDefault from '@shikijs/themes/github-dark-default';
import { GRAMMAR_LOADERS } from './grammar-loaders';
import { readableTheme } from './readable-theme';

/**
 * The light/dark pair every token carries; cards.css picks one by theme. GitHub's own
 * themes, made for the very backgrounds the cards use (#ffffff and #0d1117, the palette
 * of cards.css).
 */
export const HIGHLIGHT_THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const;

/**
 * Where the cards draw tokens, per theme: the code background (`--tc-code-bg` in cards.css)
 * and the read card's target line (`--tc-target-bg`). The contrast test holds these to the
 * stylesheet.
 */
export const TOKEN_BACKGROUNDS = {
  light: ['#ffffff', '#fff8c5'],
  dark: ['#0d1117', '#3b2e0a'],
} as const satisfies Record<keyof typeof HIGHLIGHT_THEMES, readonly string[]>;

/**
 * The themes as the highlighter is given them: each text colour lifted, where it falls
 * short, to 4.5:1 on every background in TOKEN_BACKGROUNDS (WCAG AA). Of GitHub's colours
 * that only darkens the light comments and lightens the dark ones a little (for the target
 * line), and makes the colours of tokens that bring their own background readable without it.
 */
export const HIGHLIGHT_THEME_REGISTRATIONS = {
  light: readableTheme(githubLightDefault, TOKEN_BACKGROUNDS.light),
  dark: readableTheme(githubDarkDefault, TOKEN_BACKGROUNDS.dark),
};

let core: Promise<HighlighterCore> | undefined;
const grammars = new Map<string, Promise<boolean>>();

/**
 * The shared highlighter with `lang` loaded, or undefined when there is no grammar for it
 * (or it failed to load) — the card then stays plain text.
 */
export async function highlighterFor(lang: string): Promise<HighlighterCore | undefined> {
  const load = GRAMMAR_LOADERS.get(lang);
  if (!load) return undefined;
  core ??= createHighlighterCore({
    themes: [HIGHLIGHT_THEME_REGISTRATIONS.light, HIGHLIGHT_THEME_REGISTRATIONS.dark],
    langs: [],
    // Forgiving: a grammar pattern the JS engine cannot translate is skipped, not fatal.
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
  const highlighter = await core;
  let ready = grammars.get(lang);
  if (!ready) {
    ready = load()
      .then((module) => highlighter.loadLanguage(...module.default))
      .then(() => true, () => false);
    grammars.set(lang, ready);
  }
  return (await ready) ? highlighter : undefined;
}
