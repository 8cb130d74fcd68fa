import { describe, expect, it } from 'vitest';
import {
  hostWithPort,
  isAllowedHostHeader,
  isAllowedOrigin,
  withoutToken,
  newAccessToken,
  tokenCookie,
  tokenFromRequest,
  tokenMatches,
} from './auth';
import { contentSecurityPolicy, webSocketOriginFor } from './csp';

describe('access token', () => {
  it('is 256 random bits, URL-safe, different each start', () => {
    const token = newAccessToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newAccessToken()).not.toBe(token);
  });

  it('comes from the Authorization header first, then ?token=, then this port\'s cookie', () => {
    const url = new URL('http://h/api?token=from-query');
    expect(tokenFromRequest({ authorization: 'Bearer from-header' }, url, 3080)).toBe('from-header');
    expect(tokenFromRequest({ authorization: 'bearer  x ' }, url, 3080)).toBe('x');
    expect(tokenFromRequest({ authorization: 'Basic abc' }, url, 3080)).toBe('from-query');
    expect(tokenFromRequest({}, new URL('http://h/api'), 3080)).toBeUndefined();
    const bare = new URL('http://h/api');
    expect(tokenFromRequest({ cookie: 'a=1; toolcards_3080=from-cookie; b=2' }, bare, 3080)).toBe('from-cookie');
    expect(tokenFromRequest({ cookie: 'toolcards_3081=other-server' }, bare, 3080)).toBeUndefined();
    expect(tokenFromRequest({ cookie: 'toolcards_3080=from-cookie' }, url, 3080)).toBe('from-query');
  });

  it('sets a cookie that script cannot read and other sites cannot send', () => {
    expect(tokenCookie(3080, 'tok')).toBe('toolcards_3080=tok; HttpOnly; SameSite=Strict; Path=/');
  });

  it('matches only the exact token', () => {
    expect(tokenMatches('secret', 'secret')).toBe(true);
    expect(tokenMatches('secret', 'secreT')).toBe(false);
    expect(tokenMatches('secret', 'secret2')).toBe(false);
    expect(tokenMatches('secret', '')).toBe(false);
    expect(tokenMatches('secret', undefined)).toBe(false);
  });
});

describe('Host header (DNS rebinding)', () => {
  const bound = { host: '127.0.0.1', port: 3080 };

  it('accepts loopback names on our port', () => {
    for (const host of ['127.0.0.1:3080', 'localhost:3080', 'LOCALHOST:3080', '[::1]:3080']) expect(isAllowedHostHeader(host, bound), host).toBe(true);
  });

  it('refuses other names, other ports and a missing header', () => {
    for (const host of ['evil.example:3080', '127.0.0.1:3081', '127.0.0.1', 'localhost.evil.example:3080', 'a@127.0.0.1:3080', '127.0.0.1:3080/x']) {
      expect(isAllowedHostHeader(host, bound), host).toBe(false);
    }
    expect(isAllowedHostHeader(undefined, bound)).toBe(false);
  });

  it('leaves a non-loopback bind to the token', () => {
    expect(isAllowedHostHeader('my-box.lan:3080', { host: '0.0.0.0', port: 3080 })).toBe(true);
  });
});

describe('Origin', () => {
  it('allows no Origin (scripts) and the same host:port', () => {
    expect(isAllowedOrigin(undefined, '127.0.0.1:3080')).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:3080', '127.0.0.1:3080')).toBe(true);
    expect(isAllowedOrigin('http://LocalHost:3080', 'localhost:3080')).toBe(true);
  });

  it('refuses foreign, null and malformed origins', () => {
    for (const origin of ['http://evil.example', 'http://127.0.0.1:3081', 'http://localhost:3080', 'null', 'file://', 'chrome-extension://abc', 'not a url']) {
      expect(isAllowedOrigin(origin, '127.0.0.1:3080'), origin).toBe(false);
    }
    expect(isAllowedOrigin('http://127.0.0.1:3080', undefined)).toBe(false);
  });

  it('compares the scheme too: an https page on our host:port is another origin', () => {
    for (const origin of ['https://127.0.0.1:3080', 'HTTPS://127.0.0.1:3080', 'ws://127.0.0.1:3080', 'https://127.0.0.1']) {
      expect(isAllowedOrigin(origin, '127.0.0.1:3080'), origin).toBe(false);
    }
    // Default ports are compared under the same scheme on both sides.
    expect(isAllowedOrigin('http://127.0.0.1', '127.0.0.1:80')).toBe(true);
    expect(isAllowedOrigin('https://127.0.0.1', '127.0.0.1:443')).toBe(false);
    expect(isAllowedOrigin('https://127.0.0.1', '127.0.0.1:443', 'https:')).toBe(true);
  });
});

describe('withoutToken', () => {
  it('masks the token, raw and URL-encoded, wherever it appears', () => {
    const token = 'ab+c/d=';
    expect(withoutToken(`GET /x?token=${token} and ${encodeURIComponent(token)}`, token)).toBe('GET /x?token=<token> and <token>');
    expect(withoutToken('nothing here', token)).toBe('nothing here');
  });
});

describe('page headers', () => {
  it('brackets IPv6 hosts', () => {
    expect(hostWithPort('::1', 80)).toBe('[::1]:80');
    expect(hostWithPort('127.0.0.1', 80)).toBe('127.0.0.1:80');
  });

  it('allows the WebSocket of the host the page was loaded from', () => {
    expect(webSocketOriginFor('localhost:3080', '127.0.0.1:3080')).toBe('ws://localhost:3080');
    expect(webSocketOriginFor("x' 'unsafe-inline", '127.0.0.1:3080')).toBe('ws://127.0.0.1:3080');
    expect(webSocketOriginFor(undefined, '127.0.0.1:3080')).toBe('ws://127.0.0.1:3080');
  });

  it('has a CSP without inline scripts or plugins', () => {
    const csp = contentSecurityPolicy('ws://127.0.0.1:3080');
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("connect-src 'self' ws://127.0.0.1:3080");
  });
});
