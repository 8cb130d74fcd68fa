import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WEBSOCKET_PATH } from '@toolcards/protocol';
import { useServers } from '../test-support/server-harness';

/** A raw GET (fetch forbids setting Cookie and Origin). */
function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

function upgradeStatus(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${WEBSOCKET_PATH}`, { headers });
    socket.once('open', () => {
      socket.close();
      resolve(101);
    });
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.once('error', () => undefined);
  });
}

describe('getting back in with a cookie', () => {
  const servers = useServers();

  it('sets an HttpOnly, SameSite=Strict cookie for the page opened with the right token, and only then', async () => {
    const server = await servers.start();
    const opened = await rawGet(server.port, `/?token=${server.token}`);
    expect(opened.headers['set-cookie']).toEqual([`toolcards_${server.port}=${server.token}; HttpOnly; SameSite=Strict; Path=/`]);
    expect((await rawGet(server.port, '/?token=wrong')).headers['set-cookie']).toBeUndefined();
    expect((await rawGet(server.port, '/')).headers['set-cookie']).toBeUndefined();
  });

  it('lets a new tab in with the cookie alone (API and WebSocket); a wrong cookie, another port\'s, or a foreign Origin is refused', async () => {
    const server = await servers.start();
    const cookie = { Cookie: `toolcards_${server.port}=${server.token}` };
    const origin = `http://127.0.0.1:${server.port}`;
    expect((await rawGet(server.port, '/api/info', cookie)).status).toBe(200);
    expect(await upgradeStatus(server.port, { ...cookie, Origin: origin })).toBe(101);

    expect((await rawGet(server.port, '/api/info', { Cookie: `toolcards_${server.port}=wrong` })).status).toBe(401);
    expect((await rawGet(server.port, '/api/info', { Cookie: `toolcards_${server.port + 1}=${server.token}` })).status).toBe(401);
    expect(await upgradeStatus(server.port, { Cookie: `toolcards_${server.port}=wrong`, Origin: origin })).toBe(401);
    expect(await upgradeStatus(server.port, { ...cookie, Origin: 'http://evil.example' })).toBe(403);
    expect((await rawGet(server.port, '/api/info', { ...cookie, Origin: 'http://evil.example' })).status).toBe(403);
  });
});
