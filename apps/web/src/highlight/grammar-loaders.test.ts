import { describe, expect, it } from 'vitest';
import { KNOWN_LANGS } from '@toolcards/protocol';
import { GRAMMAR_LOADERS } from './grammar-loaders';

describe('GRAMMAR_LOADERS', () => {
  it('has exactly one loader per language protocol can name', () => {
    expect([...GRAMMAR_LOADERS.keys()].sort()).toEqual([...KNOWN_LANGS].sort());
  });

  it('loads a grammar whose name is the id', async () => {
    const grammars = (await GRAMMAR_LOADERS.get('json')!()).default;
    expect(grammars.map((grammar) => grammar.name)).toContain('json');
  });

  it('knows nothing about prototype names', () => {
    expect(GRAMMAR_LOADERS.get('__proto__')).toBeUndefined();
    expect(GRAMMAR_LOADERS.get('constructor')).toBeUndefined();
  });
});
