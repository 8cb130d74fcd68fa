import { request as httpRequest } from 'node:http';
import WebSocket from 'ws';
import { expect, test } from './support/test';

/** Opens a WebSocket and reports how the upgrade ended: 'open' or the HTTP status. */
function tryWebSocket(url: string, origin?: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, origin === undefined ? {} : { origin });
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_request, response) => resolve(String(response.statusCode)));
    socket.once('error', () => resolve('error'));
  });
}

function getStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

test('the API and the WebSocket need the token; a foreign Origin is refused', async ({ toolcards }) => {
  const api = `${toolcards.origin}/api/sessions`;
  expect(await getStatus(api)).toBe(401);
  expect(await getStatus(api, { authorization: 'Bearer wrong-token' })).toBe(401);
  expect(await getStatus(api, { authorization: `Bearer ${toolcards.token}` })).toBe(200);

  const ws = `ws://127.0.0.1:${toolcards.port}/ws`;
  expect(await tryWebSocket(ws)).toBe('401');
  expect(await tryWebSocket(`${ws}?token=wrong`)).toBe('401');
  expect(await tryWebSocket(`${ws}?token=${toolcards.token}`, 'https://evil.example')).toBe('403');
  expect(await tryWebSocket(`${ws}?token=${toolcards.token}`, toolcards.origin)).toBe('open');
});

test('the page opened without the token tells the person how to get in', async ({ page, toolcards, consoleErrors }) => {
  await page.goto(toolcards.origin);
  await expect(page.getByRole('main')).toContainText('npm start');
  await expect(page.getByRole('main')).toContainText('token');
  // The page asks the API once (a cookie from an earlier visit would let it in); the browser logs that 401 itself.
  expect(consoleErrors.filter((error) => !error.includes('status of 401 (Unauthorized)'))).toEqual([]);
  expect(consoleErrors.length).toBeLessThanOrEqual(1);
});

test('the page is served with a Content-Security-Policy', async ({ page, toolcards }) => {
  const response = await page.goto(toolcards.url);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
});
