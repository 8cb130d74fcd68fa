import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { generateWorkspace } from '../../e2e/support/generated-workspace';
import { generateSession, type PlannedCall } from '../../e2e/support/session-generator';
import { startToolcards } from '../../e2e/support/toolcards-process';
import type { BenchDefinition } from '../bench-context';
import { CHROMIUM_ARGS } from '../client/client-harness';
import { exactFigure, measuredFigure } from '../figures';
import { CHROMIUM_PATH } from '../machine';
import { ensureClientBuilt } from './client-build';

const FULL = { files: 1_000, calls: 5_000 };
const QUICK = { files: 200, calls: 500 };
/** Typed a key at a time, as a person types: a common word (thousands of hits), a rare one (tens), none. */
const QUERIES = ['function', 'Refund3Record', 'zzqx-nowhere'];

/**
 * `find`: "Find in session" on a 10,000-event session, the way a user gets there: the real
 * CLI, a session made through the WebSocket (5,000 reads), opened in Chromium until its
 * whole history is held, then Ctrl+F and typing. Each keystroke is timed from its input
 * event to the frame after the bar's "k of N" changed.
 */
export const findInSessionBench: BenchDefinition = {
  name: 'find',
  about: 'Find in session on a 10,000-event session through the real CLI and WebSocket in Chromium: keystroke to the hit count on screen',
  async run(context) {
    const sizes = context.quick ? QUICK : FULL;
    await ensureClientBuilt(context.repoRoot, context.log);
    const root = path.join(context.scratch, 'find');
    await mkdir(root, { recursive: true });
    const workspace = await generateWorkspace(path.join(root, 'workspace'), { files: sizes.files, largeShare: 0 });
    const server = await startToolcards({ workspace: workspace.root, dataDir: path.join(root, 'data') });
    let browser: Browser | undefined;
    try {
      const plan = Array.from({ length: sizes.calls }, (_, index): PlannedCall => {
        const file = workspace.files[index % workspace.files.length]!;
        return { name: 'read', args: { path: file.path, offset: 1, limit: 100 } };
      });
      context.log(`making a ${sizes.calls.toLocaleString('en-US')}-read session through the WebSocket…`);
      const session = await generateSession({ origin: server.origin, token: server.token }, plan, { inFlight: 32 });
      const events = session.lastSeq + 1;
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
      await page.goto(`${server.url}#/s/${session.sessionId}`);
      await page.locator('.timeline__scroller[data-history="complete"]').waitFor({ timeout: 180_000 });
      await page.keyboard.press('Control+f');
      const box = page.getByRole('searchbox', { name: 'Find in session' });
      // The bar's code loads on its first opening.
      await box.waitFor();
      // The bar's status names the query it answered (data-query): a new answer is a new value, even "No results" again.
      await page.evaluate(() => {
        const times: number[] = [];
        (window as { __findTimes?: number[] }).__findTimes = times;
        let typedAt: number | undefined;
        document.addEventListener('input', (event) => (typedAt = event.timeStamp), true);
        new MutationObserver(() => {
          const at = typedAt;
          if (at === undefined) return;
          typedAt = undefined;
          requestAnimationFrame(() => times.push(performance.now() - at));
        }).observe(document.getElementById('find-bar-status')!, { attributes: true, attributeFilter: ['data-query'] });
      });
      const hits: Record<string, string> = {};
      const samples: Record<string, number[]> = {};
      for (const query of QUERIES) {
        await box.fill('');
        await page.waitForTimeout(200);
        await page.evaluate(() => ((window as { __findTimes?: number[] }).__findTimes!.length = 0));
        await box.pressSequentially(query, { delay: 250 });
        await page.waitForTimeout(300);
        hits[query] = (await page.locator('#find-bar-status').textContent()) ?? '';
        samples[query] = await page.evaluate(() => [...((window as { __findTimes?: number[] }).__findTimes ?? [])]);
        context.log(`"${query}": ${hits[query]}; keystrokes ${samples[query]!.map((time) => time.toFixed(0)).join(', ')} ms`);
      }
      return {
        figures: [
          exactFigure('find.events', 'session searched: events held by the page', 'count', events),
          ...QUERIES.map((query) =>
            measuredFigure(`find.keystroke.${query}`, `"${query}" (${hits[query]}): keystroke to hit count on screen`, 'ms', samples[query] ?? [], { op: '≤', value: 100 }),
          ),
        ],
      };
    } finally {
      await browser?.close();
      await server.stop();
    }
  },
};
