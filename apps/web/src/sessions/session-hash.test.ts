import { describe, expect, it } from 'vitest';
import { hashForSession, sessionIdFromHash } from './session-hash';

describe('session hash', () => {
  it('round-trips an id', () => {
    expect(hashForSession('2025-01-01_ab-C9')).toBe('#/s/2025-01-01_ab-C9');
    expect(sessionIdFromHash(hashForSession('2025-01-01_ab-C9'))).toBe('2025-01-01_ab-C9');
    expect(sessionIdFromHash('#/s/abc/')).toBe('abc');
  });

  it('ignores anything else', () => {
    for (const hash of ['', '#', '#/', '#/s/', '#/x/abc', '#/s/a/b', '#/s/a b', '#/s/..', '#/s/%E0%A4%A', `#/s/${'a'.repeat(65)}`]) {
      expect(sessionIdFromHash(hash), hash).toBeUndefined();
    }
  });
});
