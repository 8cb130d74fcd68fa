import { describe, expect, it } from 'vitest';
import type { LanguageRegistration } from '@shikijs/types';
import { withBackReferences } from './back-references';

const grammar = (repository: Record<string, unknown>): LanguageRegistration =>
  Object.freeze({ name: 'demo', scopeName: 'source.demo', patterns: [{ include: '#heredoc' }], repository }) as unknown as LanguageRegistration;

describe('withBackReferences', () => {
  const plain = grammar({
    heredoc: { name: 'string.heredoc', begin: '<<(\\w+)', end: '^\\1$', patterns: [{ begin: '(["\'])', end: '\\1', name: 'string.inner' }] },
    block: { name: 'meta.block', begin: '^( +)', while: '^\\1', patterns: [] },
    plainEnd: { name: 'comment.block', begin: '/\\*', end: '\\*/' },
  });
  const precompiled = grammar({
    heredoc: { name: 'string.heredoc', begin: /<<(\w+)/dg, end: /^(?!)$/dg, patterns: [{ begin: /(["'])/dg, end: /(?!)/dg, name: 'string.inner' }] },
    block: { name: 'meta.block', begin: /^( +)/dg, while: /^(?!)/dg, patterns: [] },
    plainEnd: { name: 'comment.block', begin: /\/\*/dg, end: /\*\//dg },
  });

  it('puts back the end and while patterns that refer to their begin, from the plain grammar', () => {
    const [restored] = withBackReferences([precompiled], [plain]);
    const repository = restored!.repository as Record<string, Record<string, unknown>>;
    expect(repository.heredoc!.end).toBe('^\\1$');
    expect((repository.heredoc!.patterns as Record<string, unknown>[])[0]!.end).toBe('\\1');
    expect(repository.block!.while).toBe('^\\1');
    // Everything else stays precompiled, shared, not copied.
    expect(repository.heredoc!.begin).toBe((precompiled.repository as Record<string, Record<string, unknown>>).heredoc!.begin);
    expect(repository.plainEnd).toBe((precompiled.repository as Record<string, unknown>).plainEnd);
    expect(restored!.patterns).toBe(precompiled.patterns);
  });

  it('leaves the precompiled grammar as it was', () => {
    withBackReferences([precompiled], [plain]);
    expect((precompiled.repository as Record<string, Record<string, unknown>>).heredoc!.end).toEqual(/^(?!)$/dg);
  });

  it('leaves rules that do not line up, and grammars without a plain twin, alone', () => {
    const other = grammar({ heredoc: { name: 'string.other', begin: /x/dg, end: /(?!)/dg } });
    expect(withBackReferences([other], [plain])[0]!.repository).toBe(other.repository);
    const lone = { ...precompiled, name: 'lone' } as LanguageRegistration;
    expect(withBackReferences([lone], [plain])[0]).toBe(lone);
  });
});
