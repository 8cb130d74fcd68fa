import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import type { IGrammar } from 'shiki/textmate';
import type { LanguageRegistration } from '@shikijs/types';
import githubLightDefault from '@shikijs/themes/github-light-default';
import githubDarkDefault from '@shikijs/themes/github-dark-default';
import { withBackReferences } from './back-references';
import { GRAMMAR_LOADERS, type GrammarSource } from './grammar-loaders';
import { readableTheme } from './readable-theme';
import { ScopeStyles } from './scope-styles';

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
let styles: ScopeStyles | undefined;

/**
 * The shared highlighter with `lang` loaded, or undefined when there is no grammar for it
 * (or it failed to load) — the card then stays plain text. One highlighter for every
 * language, so a grammar embeds the others loaded (a Markdown fence of TypeScript).
 */
export async function highlighterFor(
  lang: string,
  loaders: ReadonlyMap<string, GrammarSource> = GRAMMAR_LOADERS,
): Promise<HighlighterCore | undefined> {
  const source = loaders.get(lang);
  if (!source) return undefined;
  core ??= createHighlighterCore({
    themes: [HIGHLIGHT_THEME_REGISTRATIONS.light, HIGHLIGHT_THEME_REGISTRATIONS.dark],
    langs: [],
    // A precompiled pattern is a RegExp already, which the JavaScript engine runs as it is
    // (as the raw engine would); it converts only the plain patterns, on first use. The raw
    // engine cannot run a grammar's back-referencing patterns (back-references.ts).
    // Forgiving: a plain pattern the engine cannot translate is skipped, not fatal.
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  });
  const highlighter = await core;
  let ready = grammars.get(lang);
  if (!ready) {
    ready = grammarsOf(source)
      .then((registrations) => highlighter.loadLanguage(...registrations))
      .then(() => true, () => false);
    grammars.set(lang, ready);
  }
  return (await ready) ? highlighter : undefined;
}

/** What one pass of a window needs: `lang`'s grammar, and the colours of both themes. */
export interface LineHighlighting {
  grammar: IGrammar;
  styles: ScopeStyles;
}

export async function lineHighlightingFor(
  lang: string,
  loaders: ReadonlyMap<string, GrammarSource> = GRAMMAR_LOADERS,
): Promise<LineHighlighting | undefined> {
  const highlighter = await highlighterFor(lang, loaders);
  if (!highlighter) return undefined;
  // The themes as Shiki resolved them, resolved once per page.
  styles ??= new ScopeStyles(highlighter.getTheme(HIGHLIGHT_THEMES.light), highlighter.getTheme(HIGHLIGHT_THEMES.dark));
  return { grammar: highlighter.getLanguage(lang), styles };
}

/**
 * The precompiled grammar (with its back-referencing patterns from the plain one), or the
 * plain grammar where there is no precompiled one or it fails to load — as before ES2024,
 * whose `v`-flag regexes it is written in.
 */
async function grammarsOf(source: GrammarSource): Promise<LanguageRegistration[]> {
  if (source.precompiled) {
    try {
      const [precompiled, plain] = await Promise.all([source.precompiled(), source.backReferences ? source.plain() : undefined]);
      return plain ? withBackReferences(precompiled.default, plain.default) : precompiled.default;
    } catch {
      // The plain grammar below.
    }
  }
  return (await source.plain()).default;
}
