import { describe, expect, it } from 'vitest';
import { INITIAL, type StateStack } from 'shiki/textmate';
import { lineHighlightingFor } from './highlighter';
import { warmSample } from './warm-samples';

/** Scopes the grammar gives `texts`, line by line, state carried. */
async function scopesOf(lang: string, texts: readonly string[]): Promise<string[]> {
  const highlighting = await lineHighlightingFor(lang);
  let stack: StateStack = INITIAL;
  const scopes: string[] = [];
  for (const text of texts) {
    const result = highlighting!.grammar.tokenizeLine(text, stack);
    for (const token of result.tokens) scopes.push(...token.scopes);
    stack = result.ruleStack;
  }
  return scopes;
}

// A warm-up only pays if the grammar reads the sample as the code it is meant to be: a
// sample it took for broken code (`invalid.*` scopes) would compile the wrong rules.
describe('warm-up samples', () => {
  it.each(['typescript', 'tsx', 'javascript', 'json', 'markdown', 'python'])('are valid %s', { timeout: 60_000 }, async (lang) => {
    const scopes = await scopesOf(lang, warmSample(lang));
    expect(scopes.filter((scope) => scope.startsWith('invalid'))).toEqual([]);
  });

  it('reach many of the TypeScript grammar’s rules, not just its top level', { timeout: 60_000 }, async () => {
    const distinct = new Set(await scopesOf('typescript', warmSample('typescript')));
    expect(distinct.size).toBeGreaterThan(150);
  });
});
