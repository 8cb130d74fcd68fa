import WebSocket from 'ws';
import { card, cardTexts, timelineOf } from './support/cards';
import { expect, runCommand, test } from './support/test';

declare global {
  interface Window {
    __toolcardsSockets?: { close(): void; readyState: number }[];
  }
}

test.use({
  workspaceFiles: {
    'a.ts': 'export const alpha = 1;\n',
    'b.ts': 'export const beta = 2;\n',
    'c.md': '# gamma\n',
  },
});

/** Runs one tool on a session from outside the page (another client of the same server). */
async function runToolFromAnotherClient(port: number, token: string, sessionId: string, name: string, args: object): Promise<void> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${token}`);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  await new Promise<void>((resolve) => {
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw));
      if (frame.type === 'event' && frame.event.type === 'tool/result') resolve();
    });
    socket.send(JSON.stringify({ type: 'subscribe', sessionId, afterSeq: 1_000_000 }));
    socket.send(JSON.stringify({ type: 'run-tool', sessionId, name, args }));
  });
  socket.close();
}

test('a dropped socket reconnects and resumes: every card exactly once', async ({ page, toolcards, consoleErrors }) => {
  // Keep a handle on the page's sockets so the test can cut them like a network would.
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    window.__toolcardsSockets = [];
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        window.__toolcardsSockets?.push(this);
      }
    } as unknown as typeof window.WebSocket;
  });
  await page.goto(toolcards.url);

  await runCommand(page, '/read a.ts');
  await expect(card(page, /^Read a\.ts/)).toBeVisible();
  const sessionId = new URL(page.url()).hash.replace('#/s/', '');
  expect(sessionId).not.toBe('');

  // Cut the socket, and while the page is away another client adds a card.
  await page.evaluate(() => window.__toolcardsSockets?.forEach((socket) => socket.close()));
  await runToolFromAnotherClient(toolcards.port, toolcards.token, sessionId, 'read', { path: 'b.ts' });

  // The page reconnects by itself and catches up.
  await expect(card(page, /^Read b\.ts/)).toBeVisible();
  await runCommand(page, '/grep gamma');
  await expect(card(page, /^Grep gamma/)).toBeVisible();

  // Cut it again mid-work; once the page has a new open socket, keep going.
  const socketsBefore = await page.evaluate(() => window.__toolcardsSockets?.length ?? 0);
  await page.evaluate(() => window.__toolcardsSockets?.forEach((socket) => socket.close()));
  await expect
    .poll(() => page.evaluate((before) => {
      const sockets = window.__toolcardsSockets ?? [];
      return sockets.length > before && sockets.at(-1)?.readyState === 1;
    }, socketsBefore))
    .toBe(true);
  await expect(page.getByRole('status')).toHaveText(/Connected/);
  await runCommand(page, '/glob *.ts');
  await expect(card(page, /^Glob /)).toBeVisible();

  const texts = await cardTexts(page);
  expect(texts).toHaveLength(4);
  expect(new Set(texts).size).toBe(4);
  await expect(timelineOf(page).getByRole('article', { name: /^Read a\.ts/ })).toHaveCount(1);
  await expect(timelineOf(page).getByRole('article', { name: /^Read b\.ts/ })).toHaveCount(1);
  expect(consoleErrors.filter((error) => !/WebSocket/i.test(error))).toEqual([]);
});
