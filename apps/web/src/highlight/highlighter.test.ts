import { describe, expect, it, vi } from 'vitest';
import type { GrammarSource } from './grammar-loaders';

// The highlighter keeps one core and its loaded grammars per page: each test gets a fresh module.
async function freshHighlighter() {
  vi.resetModules();
  return import('./highlighter');
}

/** The light colour of each character of `text`, in `lang`, as the highlighter at hand colours it. */
async function lightColours(highlighter: Awaited<ReturnType<typeof freshHighlighter>>, lang: string, text: string, loaders?: ReadonlyMap<string, GrammarSource>) {
  const core = await highlighter.highlighterFor(lang, loaders);
  const [line] = core!.codeToTokensBase(text, { lang, theme: highlighter.HIGHLIGHT_THEMES.light });
  return line!.flatMap((token) => [...token.content].map(() => token.color));
}

const JSON_TEXT = '{ "a": [1, true, null], "b": "c" }';

describe('highlighterFor', () => {
  it('falls back to the plain grammar, converted by the JavaScript engine, for a language without a precompiled one', { timeout: 60_000 }, async () => {
    const precompiledColours = await lightColours(await freshHighlighter(), 'json', JSON_TEXT);
    const plain = vi.fn(() => import('@shikijs/langs/json'));
    const colours = await lightColours(await freshHighlighter(), 'json', JSON_TEXT, new Map([['json', { plain }]]));
    expect(plain).toHaveBeenCalledOnce();
    expect(new Set(colours).size).toBeGreaterThan(2);
    expect(colours).toEqual(precompiledColours);
  });

  it('falls back to the plain grammar when the precompiled one fails to load (a browser without ES2024 regexes)', { timeout: 60_000 }, async () => {
    const plain = vi.fn(() => import('@shikijs/langs/json'));
    const broken: GrammarSource = { precompiled: () => Promise.reject(new SyntaxError('Invalid regular expression flags')), plain };
    const colours = await lightColours(await freshHighlighter(), 'json', JSON_TEXT, new Map([['json', broken]]));
    expect(plain).toHaveBeenCalledOnce();
    expect(new Set(colours).size).toBeGreaterThan(2);
  });

  it('loads only the precompiled grammar for a language without back-referencing patterns', async () => {
    const plain = vi.fn(() => import('@shikijs/langs/json'));
    const precompiled = vi.fn(() => import('@shikijs/langs-precompiled/json'));
    await (await freshHighlighter()).highlighterFor('json', new Map([['json', { precompiled, plain }]]));
    expect(precompiled).toHaveBeenCalledOnce();
    expect(plain).not.toHaveBeenCalled();
  });
});
