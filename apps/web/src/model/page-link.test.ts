import { describe, expect, it } from 'vitest';
import { pageLink } from './page-link';

describe('pageLink', () => {
  it('is origin, path and hash: no query, so no token', () => {
    const location = new URL('http://127.0.0.1:3080/?token=s3cret#/s/abc');
    expect(pageLink(location, '#/s/abc/12/L3-L9')).toBe('http://127.0.0.1:3080/#/s/abc/12/L3-L9');
    expect(pageLink(new URL('http://127.0.0.1:3080/app/index.html?x=1&token=t'), '#/s/abc/0')).toBe('http://127.0.0.1:3080/app/index.html#/s/abc/0');
  });
});
