import { test, expect, type ConsoleMessage, type Page, type Request, type Response, type Worker } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// Gallery smoke: every story of the built Storybook renders in Chromium without a console
// error, a page error or a failed request (lazy grammar chunks, the highlighting worker).
// Build first: `npm run build-storybook`.

const STATIC_DIR = fileURLToPath(new URL('../storybook-static/', import.meta.url));
const INDEX_JSON = join(STATIC_DIR, 'index.json');
const MISSING = `storybook-static/index.json not found: run \`npm run build-storybook\` before this spec.`;

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
}

function storiesInIndex(): IndexEntry[] {
  if (!existsSync(INDEX_JSON)) return [];
  const index = JSON.parse(readFileSync(INDEX_JSON, 'utf8')) as { entries: Record<string, IndexEntry> };
  return Object.values(index.entries).filter((entry) => entry.type === 'story');
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
};

/** A minimal static file server for storybook-static/ on an ephemeral 127.0.0.1 port. */
async function serveStatic(root: string): Promise<{ server: Server; origin: string }> {
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (pathname === '/favicon.ico') {
      // Chromium asks for it on its own; Storybook ships none. Not a story's problem.
      res.writeHead(204).end();
      return;
    }
    const file = normalize(join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname));
    if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        // Hashed file names: let the browser keep them from one story to the next.
        ...(pathname.startsWith('/assets/') ? { 'cache-control': 'public, max-age=31536000, immutable' } : {}),
      });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}` };
}

const stories = storiesInIndex();

/** Waits for Storybook to finish rendering the current story; returns its error display, if shown. */
async function storyRendered(page: Page): Promise<string> {
  // Storybook's own render lifecycle: … → 'completed' → 'finished' once the story rendered
  // (and its play function, if any, ran); 'errored' when rendering threw.
  await page.waitForFunction(() => {
    const preview = (window as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }).__STORYBOOK_PREVIEW__;
    const phase = preview?.currentRender?.phase;
    return (
      phase === 'completed' ||
      phase === 'finished' ||
      phase === 'errored' ||
      document.body.classList.contains('sb-show-errordisplay')
    );
  });
  return page.evaluate(() =>
    document.body.classList.contains('sb-show-errordisplay')
      ? `${document.querySelector('#error-message')?.textContent ?? ''}\n${document.querySelector('#error-stack')?.textContent ?? ''}`
      : '',
  );
}

test.describe('Storybook gallery', () => {
  let server: Server | undefined;
  let origin = '';
  // One page per worker: the ~1 MB preview bundle is parsed once and then served from
  // cache; each story is still a fresh navigation of the iframe.
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    if (!existsSync(INDEX_JSON)) throw new Error(MISSING);
    ({ server, origin } = await serveStatic(STATIC_DIR));
    page = await browser.newPage();
  });

  test.afterAll(async () => {
    await page?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  if (stories.length === 0) {
    test('storybook-static holds stories', () => {
      expect(existsSync(INDEX_JSON), MISSING).toBe(true);
      expect(stories.length, 'storybook-static/index.json lists no stories').toBeGreaterThan(0);
    });
  }

  for (const story of stories) {
    test(`${story.title} / ${story.name} renders without errors`, async () => {
      const problems: string[] = [];
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
      };
      const onPageError = (error: Error) => problems.push(`page error: ${error.message}`);
      const onRequestFailed = (request: Request) =>
        problems.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? '?'})`);
      const onResponse = (response: Response) => {
        if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
      };
      page.on('console', onConsole);
      page.on('pageerror', onPageError);
      page.on('requestfailed', onRequestFailed);
      page.on('response', onResponse);
      try {
        await page.goto(`${origin}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story`);
        expect(await storyRendered(page), 'Storybook showed its error display').toBe('');
        await expect(page.locator('#storybook-root > *').first()).toBeAttached();

        // Let lazy work finish (grammar chunks, the highlighting worker) before judging.
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(250);

        expect(problems, `problems while rendering ${story.id}`).toEqual([]);
      } finally {
        page.off('console', onConsole);
        page.off('pageerror', onPageError);
        page.off('requestfailed', onRequestFailed);
        page.off('response', onResponse);
      }
    });
  }

  // The highlighter swallows its own failures (the card stays plain text), so a broken
  // worker or grammar chunk would pass the smoke above: check that colour really arrives.
  const typescriptStory = stories.find((story) => story.id === 'cards-read--type-script');
  if (typescriptStory) {
    test('the read card highlights through the Shiki worker and a lazy grammar chunk', async () => {
      const workers: string[] = [];
      const onWorker = (worker: Worker) => workers.push(worker.url());
      page.on('worker', onWorker);
      try {
        await page.goto(`${origin}/iframe.html?id=${typescriptStory.id}&viewMode=story`);
        expect(await storyRendered(page)).toBe('');
        // Tokens carry their light/dark colours as inline custom properties.
        await expect(page.locator('#storybook-root [style*="--shiki-light"]').first()).toBeAttached();
        expect(workers.length, 'the highlighting worker started').toBeGreaterThan(0);
      } finally {
        page.off('worker', onWorker);
      }
    });
  }
});
