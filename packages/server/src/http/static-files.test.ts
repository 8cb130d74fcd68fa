import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor, contentTypeFor, serveFolder, staticTargetFor, type FolderServer } from './static-files';

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

describe('serveFolder', () => {
  let parent: string;
  let server: FolderServer;

  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'toolcards-serve-folder-'));
    const root = join(parent, 'site');
    mkdirSync(join(root, 'assets'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>index</title>');
    writeFileSync(join(root, 'iframe.html'), '<!doctype html><title>iframe</title>');
    writeFileSync(join(root, 'assets', 'app-1.js'), 'export {};');
    writeFileSync(join(root, 'assets', 'font.woff2'), 'wOF2');
    writeFileSync(join(root, 'assets', 'highlight.wasm'), '\0asm');
    writeFileSync(join(parent, 'secret.txt'), 'outside');
    symlinkSync(join(parent, 'secret.txt'), join(root, 'linked.txt'));
    server = await serveFolder(root, { noContent: ['/favicon.ico'] });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(parent, { recursive: true, force: true });
  });

  const get = (path: string, init?: RequestInit) => fetch(`${server.origin}${path}`, init);
  /** Status and body for a path sent as written (fetch would resolve `..` before sending). */
  const rawGet = (path: string) =>
    new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
      request(`${server.origin}${path}`, { path }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      })
        .on('error', reject)
        .end();
    });

  it('serves the folder on 127.0.0.1 with the client\'s content types and cache policy', async () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const page = await get('/iframe.html?id=cards-read--type-script&viewMode=story');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<title>iframe</title>');

    const script = await get('/assets/app-1.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toContain('immutable');
    expect((await get('/assets/font.woff2')).headers.get('content-type')).toBe('font/woff2');
    expect((await get('/assets/highlight.wasm')).headers.get('content-type')).toBe('application/wasm');
    expect(await (await get('/')).text()).toContain('<title>index</title>');
  });

  it('sends none of the toolcards page\'s security headers', async () => {
    const page = await get('/');
    expect(page.headers.get('content-security-policy')).toBeNull();
    expect(page.headers.get('x-frame-options')).toBeNull();
  });

  it('answers the listed paths 204 and a missing asset 404', async () => {
    const favicon = await get('/favicon.ico');
    expect(favicon.status).toBe(204);
    expect(await favicon.text()).toBe('');
    expect((await get('/assets/missing.js')).status).toBe(404);
  });

  it('serves nothing outside the folder', async () => {
    // The URL parser folds `..` (and `%2e%2e`) into the path: these ask for /secret.txt.
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/../../secret.txt']) {
      expect(await rawGet(path), path).toEqual({ status: 404, body: 'Not found\n' });
    }
    expect((await rawGet('/a%2f..%2f..%2fsecret.txt')).status).toBe(400);
    expect((await get('/linked.txt')).status).toBe(404);
    expect((await get('/.hidden')).status).toBe(400);
    expect((await get('/', { method: 'POST' })).status).toBe(405);
  });

  it('refuses a folder that does not exist', async () => {
    await expect(serveFolder(join(parent, 'missing'))).rejects.toThrow(/no folder/);
  });
});
