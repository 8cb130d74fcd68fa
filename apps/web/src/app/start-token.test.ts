import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY, takeStartToken } from './start-token';

function place(href: string, stored?: string) {
  const items = new Map<string, string>(stored === undefined ? [] : [[TOKEN_STORAGE_KEY, stored]]);
  const urls: string[] = [];
  return {
    items,
    urls,
    place: {
      href,
      storage: { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) },
      replaceUrl: (url: string) => void urls.push(url),
    },
  };
}

describe('takeStartToken', () => {
  it('takes the token from the start URL, keeps it for reloads and drops it from the address bar', () => {
    const { items, urls, place: where } = place('http://127.0.0.1:3080/?token=abc123&x=1#/s/s1', 'old');
    expect(takeStartToken(where)).toBe('abc123');
    expect(items.get(TOKEN_STORAGE_KEY)).toBe('abc123');
    expect(urls).toEqual(['/?x=1#/s/s1']);
  });

  it('uses the stored token after a reload', () => {
    const { urls, place: where } = place('http://127.0.0.1:3080/#/s/s1', 'abc123');
    expect(takeStartToken(where)).toBe('abc123');
    expect(urls).toEqual([]);
  });

  it('has no token without either', () => {
    expect(takeStartToken(place('http://127.0.0.1:3080/').place)).toBeUndefined();
    const empty = place('http://127.0.0.1:3080/?token=');
    expect(takeStartToken(empty.place)).toBeUndefined();
    expect(empty.urls).toEqual(['/']);
  });

  it('survives storage that throws', () => {
    const where = {
      href: 'http://h/?token=t',
      storage: { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } },
      replaceUrl: () => {},
    };
    expect(takeStartToken(where)).toBe('t');
    expect(takeStartToken({ ...where, href: 'http://h/' })).toBeUndefined();
  });
});
