import { describe, expect, it } from 'vitest';
import { langFromFence } from './fence-lang';

describe('langFromFence', () => {
  it('takes language ids, extensions and common aliases', () => {
    expect(langFromFence('typescript')).toBe('typescript');
    expect(langFromFence('ts')).toBe('typescript');
    expect(langFromFence('TSX')).toBe('tsx');
    expect(langFromFence('py')).toBe('python');
    expect(langFromFence('bash')).toBe('shellscript');
    expect(langFromFence('json title="x"')).toBe('json');
  });

  it('is plain text for nothing or anything unknown', () => {
    expect(langFromFence(undefined)).toBeUndefined();
    expect(langFromFence('')).toBeUndefined();
    expect(langFromFence('text')).toBeUndefined();
    expect(langFromFence('__proto__')).toBeUndefined();
  });
});
