import { createHighlighterCore, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import githubLight from '@shikijs/themes/github-light';
import githubDark from '@shikijs/themes/github-dark';
import { GRAMMAR_LOADERS } from './grammar-loaders';

/** The light/dark pair every token carries; cards.css picks one by theme. */
export const HIGHLIGHT_THEMES = { light: 'github-light', dark: 'github-dark' } as const;

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
    themes: [githubLight, githubDark],
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
