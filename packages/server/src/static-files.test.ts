import { describe, expect, it } from 'vitest';
import { cacheControlFor, contentTypeFor, staticTargetFor } from './static-files';

describe('staticTargetFor', () => {
  it('maps the root and client routes to the page', () => {
    expect(staticTargetFor('/')).toEqual({ kind: 'page' });
    expect(staticTargetFor('//')).toEqual({ kind: 'page' });
  });

  it('maps paths to files inside the client folder', () => {
    expect(staticTargetFor('/assets/app-1.js')).toEqual({ kind: 'file', relative: 'assets/app-1.js' });
    expect(staticTargetFor('/sessions/abc')).toEqual({ kind: 'file', relative: 'sessions/abc' });
    expect(staticTargetFor('/a%20b.txt')).toEqual({ kind: 'file', relative: 'a b.txt' });
  });

  it.each(['/..', '/../x', '/a/../../x', '/%2e%2e/x', '/a%2f..%2fx', '/a%5cx', '/%00', '/.env', '/.git/config', '/%', 'relative'])('refuses %s', (path) => {
    expect(staticTargetFor(path)).toEqual({ kind: 'bad' });
  });
});

describe('response headers', () => {
  it('types what the build emits', () => {
    expect(contentTypeFor('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('a.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('a.wasm')).toBe('application/wasm');
    expect(contentTypeFor('a.unknown')).toBe('application/octet-stream');
  });

  it('caches hashed assets for good and revalidates the rest', () => {
    expect(cacheControlFor('assets/app-1.js')).toContain('immutable');
    expect(cacheControlFor('index.html')).toBe('no-cache');
    expect(cacheControlFor('favicon.svg')).toBe('no-cache');
  });
});
