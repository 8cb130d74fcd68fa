import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'vite';
import { CHROMIUM_PATH } from '../machine';
import { PageChannel } from './page-channel';
import { serveFolder, type FolderServer } from '../../packages/server/src/http/static-files';

/** Flags Chromium needs here: run as root (no sandbox), no GPU, no network side traffic. Shared with playwright.config.ts. */
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Slow scenarios on a loaded 2-core machine: generous, but a hang still ends. */
const SCENARIO_TIMEOUT_MS = 180_000;

export interface ClientHarness {
  browser: Browser;
  /**
   * A fresh browser context (empty cache, like a new tab's first visit) on the bench page
   * with `scenario`; `drive` acts (real input) once the page asks for it, at `at`.
   */
  runScenario<T>(scenario: string, params?: Record<string, string | number>, drive?: InputDriver): Promise<{ result: T; page: Page; close(): Promise<void> }>;
  close(): Promise<void>;
}

/** Real input for a page that asked for it; `pageDone()` turns true once the page finished. */
export type InputDriver = (page: Page, at: { x: number; y: number }, pageDone: () => boolean) => Promise<void>;

export async function startClientHarness(options: { repoRoot: string; log: (line: string) => void }): Promise<ClientHarness> {
  options.log('building the bench page (vite, production mode)…');
  await build({ configFile: path.join(options.repoRoot, 'bench/vite.bench.config.ts'), mode: 'production' });
  const server: FolderServer = await serveFolder(path.join(options.repoRoot, 'bench/.out/web'));
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  } catch (error) {
    await server.close();
    throw error;
  }

  return {
    browser,
    async runScenario<T>(scenario: string, params: Record<string, string | number> = {}, drive?: InputDriver) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const close = () => context.close();
      try {
        const channel = new PageChannel(page);
        const query = new URLSearchParams({ scenario, ...Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])) });
        await page.goto(`${server.origin}/?${query}`);
        if (drive) {
          const asked = await channel.next(['ready-for-input', 'done', 'failed'], SCENARIO_TIMEOUT_MS);
          if (asked.phase === 'ready-for-input') await drive(page, asked.at, () => channel.has('done') || channel.has('failed'));
        }
        const outcome = await channel.next(['done', 'failed'], SCENARIO_TIMEOUT_MS);
        if (outcome.phase === 'failed') throw new Error(`scenario ${scenario} failed in the page: ${outcome.error}`);
        if (outcome.phase !== 'done') throw new Error(`unexpected message ${outcome.phase}`);
        return { result: outcome.result as T, page, close };
      } catch (error) {
        await close();
        throw error;
      }
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
