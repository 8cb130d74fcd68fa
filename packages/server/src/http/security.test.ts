import { createHash } from 'node:crypto';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_INBOUND_FRAME_BYTES, WEBSOCKET_PATH } from '@toolcards/protocol';
import { api, createSession, useServers } from '../test-support/server-harness';
import { TestClient } from '../test-support/test-client';

/** A raw request, so tests control every header (fetch forbids setting Host and Origin). */
function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function refusedUpgrade(port: number, options: Parameters<typeof TestClient.connect>[1]): Promise<{ status: number; body: any }> {
  try {
    await TestClient.connect(port, options);
  } catch (error) {
    const { status, body } = error as { status: number; body: string };
    return { status, body: JSON.parse(body) };
  }
  throw new Error('the upgrade was accepted');
}

describe('security defaults', () => {
  const servers = useServers();

  it('refuses the API without the token or with a wrong one, with a JSON 401', async () => {
    const server = await servers.start();
    const missing = await fetch(`http://127.0.0.1:${server.port}/api/sessions`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.stringContaining('Authorization: Bearer') } });
    expect((await api({ ...server, token: 'wrong' }, '/api/info')).status).toBe(401);
    expect((await api(server, '/api/info')).body).toEqual({ version: expect.any(String), workspace: server.workspace, model: null, editor: 'vscode' });
    const viaQuery = await fetch(`http://127.0.0.1:${server.port}/api/info?token=${server.token}`);
    expect(viaQuery.status).toBe(200);
  });

  it('refuses the WebSocket without a token, with a wrong one, and from a foreign Origin', async () => {
    const server = await servers.start();
    expect(await refusedUpgrade(server.port, {})).toEqual({ status: 401, body: { error: { code: 'UNAUTHORIZED', message: expect.any(String) } } });
    expect((await refusedUpgrade(server.port, { token: 'nope' })).status).toBe(401);
    expect(await refusedUpgrade(server.port, { token: server.token, origin: 'http://evil.example' })).toEqual({
      status: 403,
      body: { error: { code: 'FORBIDDEN_ORIGIN', message: expect.stringContaining('evil.example') } },
    });
    expect((await refusedUpgrade(server.port, { token: server.token, origin: `http://127.0.0.1:${server.port + 1}` })).status).toBe(403);
    expect((await refusedUpgrade(server.port, { token: server.token, path: '/other' })).status).toBe(404);
    // Same host:port (the page's own origin) and no Origin at all (a script) are fine.
    const page = await TestClient.connect(server.port, { token: server.token, origin: `http://127.0.0.1:${server.port}` });
    const script = await TestClient.connect(server.port, { token: server.token });
    await Promise.all([page.close(), script.close()]);
  });

  // Before: `https://127.0.0.1:P` was accepted (issue 11, break 10).
  it('compares the Origin scheme too: an https page on our host:port is refused', async () => {
    const server = await servers.start();
    for (const origin of [`https://127.0.0.1:${server.port}`, `https://localhost:${server.port}`, `ws://127.0.0.1:${server.port}`]) {
      expect(await refusedUpgrade(server.port, { token: server.token, origin }), origin).toEqual({
        status: 403,
        body: { error: { code: 'FORBIDDEN_ORIGIN', message: expect.stringContaining(origin) } },
      });
    }
    const api = await rawGet(server.port, `/api/info?token=${server.token}`, { Origin: `https://127.0.0.1:${server.port}` });
    expect(api.status).toBe(403);
    expect(JSON.parse(api.body).error.code).toBe('FORBIDDEN_ORIGIN');
    const page = await TestClient.connect(server.port, { token: server.token, origin: `http://127.0.0.1:${server.port}` });
    await page.close();
  });

  it('refuses a Host header that is not loopback (DNS rebinding)', async () => {
    const server = await servers.start();
    const rebound = await rawGet(server.port, `/api/info?token=${server.token}`, { Host: `evil.example:${server.port}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body).error.code).toBe('FORBIDDEN_HOST');
    expect((await rawGet(server.port, `/api/info?token=${server.token}`, { Host: `localhost:${server.port}` })).status).toBe(200);
  });

  it('refuses API calls from a foreign Origin even with the token', async () => {
    const server = await servers.start();
    const foreign = await rawGet(server.port, `/api/info?token=${server.token}`, { Origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body).error.code).toBe('FORBIDDEN_ORIGIN');
    expect((await rawGet(server.port, `/api/info?token=${server.token}`, { Origin: `http://127.0.0.1:${server.port}` })).status).toBe(200);
  });

  it('answers bad frames with structured errors and keeps serving this and other clients', async () => {
    const server = await servers.start();
    const session = await createSession(server);
    const bystander = await TestClient.connect(server.port, { token: server.token });
    bystander.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    await bystander.waitForFrame('caught-up');

    const client = await TestClient.connect(server.port, { token: server.token });
    const cases: [unknown, string, RegExp][] = [
      ['{"type":', 'BAD_JSON', /not valid JSON/],
      ['[1,2]', 'BAD_FRAME', /JSON object/],
      [{ type: 'launch-missiles', sessionId: session.id }, 'UNKNOWN_FRAME_TYPE', /"launch-missiles".*subscribe/],
      [{ type: 'subscribe', sessionId: session.id }, 'BAD_FRAME', /bad subscribe frame: afterSeq/],
      [{ type: 'subscribe', sessionId: '../../etc', afterSeq: -1 }, 'BAD_FRAME', /sessionId: a session id is/],
      [{ type: 'subscribe', sessionId: 'no-such-session', afterSeq: -1 }, 'UNKNOWN_SESSION', /no session "no-such-session"/],
      [{ type: 'run-tool', sessionId: 'no-such-session', name: 'read', args: {}, requestId: 'r1' }, 'UNKNOWN_SESSION', /no session/],
      ['x'.repeat(MAX_INBOUND_FRAME_BYTES + 10), 'FRAME_TOO_LARGE', /limit is 1048576/],
    ];
    for (const [index, [frame, code, message]] of cases.entries()) {
      client.send(frame);
      const error = await client.waitFor((frames) => frames.filter((each) => each.type === 'error')[index], `error ${index}`);
      expect(error).toMatchObject({ type: 'error', code, message: expect.stringMatching(message) });
    }
    expect(client.frames.filter((frame) => frame.type === 'error').at(-2)).toMatchObject({ requestId: 'r1', sessionId: 'no-such-session' });
    client.ws.send(Buffer.from('{"type":"subscribe"}'), { binary: true });
    await client.waitFor((frames) => frames.find((frame) => frame.type === 'error' && /binary/.test(frame.message)), 'binary refusal');

    // Still serving: the same client runs a tool, the bystander sees it.
    client.send({ type: 'run-tool', sessionId: session.id, name: 'read', args: { path: 'README.md' } });
    await bystander.waitFor(() => bystander.events().find((event) => event.type === 'tool/result'), 'the result');
    expect(client.closed).toBeUndefined();
    await Promise.all([client.close(), bystander.close()]);
  });

  it('closes a connection that sends a frame above the transport limit, and only that one', async () => {
    const server = await servers.start();
    const other = await TestClient.connect(server.port, { token: server.token });
    const client = await TestClient.connect(server.port, { token: server.token });
    client.send('x'.repeat(2 * MAX_INBOUND_FRAME_BYTES + 1));
    expect((await client.waitForClose()).code).toBe(1009);
    expect((await api(server, '/api/info')).status).toBe(200);
    expect(other.closed).toBeUndefined();
    await other.close();
  });

  it('sends a model-not-configured error but still logs the user message', async () => {
    const server = await servers.start();
    const session = await createSession(server);
    const client = await TestClient.connect(server.port, { token: server.token });
    client.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    client.send({ type: 'user-message', sessionId: session.id, text: 'hello?' });
    const error = await client.waitForFrame('error');
    expect(error).toMatchObject({ code: 'MODEL_NOT_CONFIGURED', sessionId: session.id, message: expect.stringMatching(/TOOLCARDS_API_KEY.*DEEPSEEK_API_KEY/) });
    await client.waitFor(() => client.events().find((event) => event.type === 'user/message'), 'the message event');
    expect((await api(server, '/api/sessions')).body.sessions[0]).toMatchObject({ id: session.id, title: 'hello?', eventCount: 1 });
    await client.close();
  });
});

describe('the page', () => {
  const servers = useServers();

  async function withClient(files: Record<string, string>) {
    const root = await servers.tempDir();
    const clientDir = join(root, 'dist');
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(clientDir, path, '..'), { recursive: true });
      await writeFile(join(clientDir, path), text);
    }
    await writeFile(join(root, 'secret.txt'), 'secret');
    return { server: await servers.start({ clientDir }), clientDir, root };
  }

  it('serves index.html without a token, with CSP and nosniff', async () => {
    const { server } = await withClient({ 'index.html': '<!doctype html><title>toolcards</title>' });
    const page = await fetch(`http://127.0.0.1:${server.port}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>toolcards</title>');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = page.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "script-src 'self'",
      "worker-src 'self' blob:",
      "style-src 'self' 'unsafe-inline'",
      `connect-src 'self' ws://127.0.0.1:${server.port}`,
      "img-src 'self' data:",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect((await fetch(`http://127.0.0.1:${server.port}/?token=${server.token}`)).status).toBe(200);
  });

  it('lets the page\'s own inline script run by its hash, and no other, also after a rebuild while serving', async () => {
    const script = 'openEarlySocket({"tail":200});';
    const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const { server, clientDir } = await withClient({ 'index.html': `<!doctype html><title>toolcards</title><script>${script}</script><script type="module" src="/assets/app.js"></script>` });
    const scriptSrc = async () => ((await fetch(`http://127.0.0.1:${server.port}/`)).headers.get('content-security-policy') ?? '').split('; ').find((directive) => directive.startsWith('script-src'));
    expect(await scriptSrc()).toBe(`script-src 'self' ${hashOf(script)}`);
    // A rebuilt page (another size) is read again: the old hash no longer runs.
    const rebuilt = 'openEarlySocket({"tail":2000});';
    await writeFile(join(clientDir, 'index.html'), `<!doctype html><title>toolcards</title><script>${rebuilt}</script>`);
    expect(await scriptSrc()).toBe(`script-src 'self' ${hashOf(rebuilt)}`);
  });

  it('falls back to index.html for client routes, 404s missing assets, serves assets with types', async () => {
    const { server } = await withClient({ 'index.html': 'INDEX', 'assets/app-1.js': 'js();' });
    const route = await fetch(`http://127.0.0.1:${server.port}/sessions/abc`);
    expect(await route.text()).toBe('INDEX');
    const asset = await fetch(`http://127.0.0.1:${server.port}/assets/app-1.js`);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`http://127.0.0.1:${server.port}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${server.port}${WEBSOCKET_PATH}`)).status).toBe(426);
  });

  it('never serves a file outside the client folder', async () => {
    const { server, clientDir, root } = await withClient({ 'index.html': 'INDEX' });
    await symlink(join(root, 'secret.txt'), join(clientDir, 'leak.txt'));
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/..%5c..%5csecret.txt', '/leak.txt', '/.env']) {
      const response = await rawGet(server.port, path);
      expect(response.body, path).not.toContain('secret');
      expect([200, 400, 404], path).toContain(response.status);
    }
  });

  it('explains how to build the client when it is missing', async () => {
    const server = await servers.start();
    const page = await fetch(`http://127.0.0.1:${server.port}/`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('npx vite build');
  });
});
