import { describe, expect, it } from 'vitest';
import { hashForAddress, hashForCard, hashForSession, sessionAddressFromHash, sessionIdFromHash } from './session-hash';

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

describe('card and line addresses', () => {
  it('reads a session, a card and lines of it', () => {
    expect(sessionAddressFromHash('#/s/abc')).toEqual({ sessionId: 'abc' });
    expect(sessionAddressFromHash('#/s/abc/0')).toEqual({ sessionId: 'abc', seq: 0 });
    expect(sessionAddressFromHash('#/s/abc/4312')).toEqual({ sessionId: 'abc', seq: 4312 });
    expect(sessionAddressFromHash('#/s/abc/4312/')).toEqual({ sessionId: 'abc', seq: 4312 });
    expect(sessionAddressFromHash('#/s/abc/7/L12')).toEqual({ sessionId: 'abc', seq: 7, lines: { start: 12, end: 12 } });
    expect(sessionAddressFromHash('#/s/abc/7/L12-L20')).toEqual({ sessionId: 'abc', seq: 7, lines: { start: 12, end: 20 } });
    expect(sessionIdFromHash('#/s/abc/7/L12-L20')).toBe('abc');
  });

  it('takes a range written backwards as the same lines, and writes it forwards', () => {
    expect(sessionAddressFromHash('#/s/abc/7/L20-L12')).toEqual({ sessionId: 'abc', seq: 7, lines: { start: 12, end: 20 } });
    expect(hashForCard('abc', 7, { start: 20, end: 12 })).toBe('#/s/abc/7/L12-L20');
    expect(sessionAddressFromHash('#/s/abc/7/L12-L12')).toEqual({ sessionId: 'abc', seq: 7, lines: { start: 12, end: 12 } });
  });

  it('writes each address in one spelling that reads back the same', () => {
    const addresses = [
      { sessionId: 's-1', seq: 0 },
      { sessionId: 's-1', seq: 99, lines: { start: 1, end: 1 } },
      { sessionId: 's-1', seq: 99, lines: { start: 3, end: 2_000 } },
      { sessionId: 's-1' },
    ];
    for (const address of addresses) expect(sessionAddressFromHash(hashForAddress(address))).toEqual(address);
    expect(hashForCard('s-1', 99, { start: 5, end: 5 })).toBe('#/s/s-1/99/L5');
  });

  it('refuses a bad id, a seq that is not a plain number, and bad line numbers', () => {
    const refused = [
      // bad session id
      '#/s/a b/1', '#/s/../1', '#/s/%2E%2E/1', `#/s/${'a'.repeat(65)}/1`, '#/s//1',
      // seq not a plain decimal number
      '#/s/abc/x', '#/s/abc/-1', '#/s/abc/+1', '#/s/abc/1.5', '#/s/abc/1e3', '#/s/abc/0x10', '#/s/abc/01', '#/s/abc/%31', '#/s/abc/ 1',
      // lines
      '#/s/abc/7/L0', '#/s/abc/7/L-3', '#/s/abc/7/L012', '#/s/abc/7/12', '#/s/abc/7/l12', '#/s/abc/7/L12-', '#/s/abc/7/L12-20',
      '#/s/abc/7/L12-L20-L30', '#/s/abc/7/L12:L20', '#/s/abc/7/L', '#/s/abc/7/L12/x', '#/s/abc/L12',
      // other parts
      '#/s/abc/7?x=1', '#/s/abc/7#L1', '#/s/abc//7',
    ];
    for (const hash of refused) expect(sessionAddressFromHash(hash), hash).toBeUndefined();
  });

  it('refuses numbers too large to be exact instead of rounding them to another card or line', () => {
    const fifteen = '999999999999999';
    expect(sessionAddressFromHash(`#/s/abc/${fifteen}`)).toEqual({ sessionId: 'abc', seq: 999_999_999_999_999 });
    expect(sessionAddressFromHash(`#/s/abc/1/L${fifteen}`)?.lines).toEqual({ start: 999_999_999_999_999, end: 999_999_999_999_999 });
    for (const hash of [`#/s/abc/${fifteen}9`, '#/s/abc/9007199254740993', `#/s/abc/1/L${fifteen}9`, `#/s/abc/1/L1-L${'9'.repeat(40)}`]) {
      expect(sessionAddressFromHash(hash), hash).toBeUndefined();
    }
  });
});
