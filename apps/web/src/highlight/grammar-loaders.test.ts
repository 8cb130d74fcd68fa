import { describe, expect, it } from 'vitest';
import { KNOWN_LANGS } from '@toolcards/protocol';
import { GRAMMAR_LOADERS } from './grammar-loaders';
import { HIGHLIGHT_THEMES, highlighterFor } from './highlighter';

/** A rule anywhere in the grammars whose end or while pattern refers to its begin's captures. */
function hasBackReferences(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  const rule = node as Record<string, unknown>;
  if (['end', 'while'].some((key) => typeof rule[key] === 'string' && /\\\d/.test(rule[key] as string))) return true;
  return Object.values(rule).some(hasBackReferences);
}

/** Text any grammar can take: what matters is that it tokenizes, not how it is coloured. */
const SAMPLE = 'value = "text" // 42';

describe('GRAMMAR_LOADERS', () => {
  it('has exactly one loader per language protocol can name', () => {
    expect([...GRAMMAR_LOADERS.keys()].sort()).toEqual([...KNOWN_LANGS].sort());
  });

  // Every language langFromPath can name (protocol's KNOWN_LANGS) gets colour: its loaders
  // resolve to a precompiled and a plain grammar registered under that very id, which the
  // app's highlighter (Shiki core with the JavaScript regex engine) loads and tokenizes with.
  describe.each(KNOWN_LANGS)('%s', { timeout: 60_000 }, (lang) => {
    it('loads a precompiled and a plain Shiki grammar named by the id', async () => {
      const source = GRAMMAR_LOADERS.get(lang)!;
      for (const load of [source.precompiled!, source.plain]) {
        expect((await load()).default.map((grammar) => grammar.name)).toContain(lang);
      }
    });

    it('says whether its grammars have back-referencing end/while patterns, as its plain grammar does', async () => {
      const source = GRAMMAR_LOADERS.get(lang)!;
      expect(source.backReferences ?? false).toBe(hasBackReferences((await source.plain()).default));
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
