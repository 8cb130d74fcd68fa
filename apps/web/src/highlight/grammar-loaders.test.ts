import { describe, expect, it } from 'vitest';
import { KNOWN_LANGS } from '@toolcards/protocol';
import { GRAMMAR_LOADERS } from './grammar-loaders';
import { HIGHLIGHT_THEMES, highlighterFor } from './highlighter';

/** Text any grammar can take: what matters is that it tokenizes, not how it is coloured. */
const SAMPLE = 'value = "text" // 42';

describe('GRAMMAR_LOADERS', () => {
  it('has exactly one loader per language protocol can name', () => {
    expect([...GRAMMAR_LOADERS.keys()].sort()).toEqual([...KNOWN_LANGS].sort());
  });

  // Every language langFromPath can name (protocol's KNOWN_LANGS) gets colour: its loader
  // resolves to a grammar registered under that very id, which the app's highlighter
  // (Shiki core with the JavaScript regex engine) loads and tokenizes with.
  describe.each(KNOWN_LANGS)('%s', { timeout: 60_000 }, (lang) => {
    it('loads a Shiki grammar named by the id', async () => {
      const grammars = (await GRAMMAR_LOADERS.get(lang)!()).default;
      expect(grammars.map((grammar) => grammar.name)).toContain(lang);
    });

    it('is loaded by the highlighter, which tokenizes with it', async () => {
      const highlighter = await highlighterFor(lang);
      expect(highlighter?.getLoadedLanguages()).toContain(lang);
      const lines = highlighter!.codeToTokensBase(SAMPLE, { lang, theme: HIGHLIGHT_THEMES.light });
      expect(lines.flat().map((token) => token.content).join('')).toBe(SAMPLE);
      expect(lines.flat().every((token) => /^#[0-9a-f]{6}/i.test(token.color ?? ''))).toBe(true);
    });
  });

  it('has no loader for a language protocol never names, nor for prototype names', async () => {
    for (const lang of ['klingon', '__proto__', 'constructor', 'toString']) {
      expect(GRAMMAR_LOADERS.get(lang)).toBeUndefined();
      expect(await highlighterFor(lang)).toBeUndefined();
    }
  });
});
