import { createWriteStream, statSync } from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { openExportDocument } from '../../packages/server/src/export/export-document';
import { writeExport } from '../../packages/server/src/export/export-format';
import { MASK_ALL } from '../../packages/server/src/export/masking/mask-settings';
import type { BenchDefinition } from '../bench-context';
import { CHROMIUM_ARGS } from '../client/client-harness';
import { writeLongSession } from '../export/export-session-writer';
import { exactFigure, measuredFigure } from '../figures';
import { CHROMIUM_PATH } from '../machine';

const VIEWPORT = { width: 1280, height: 900 };
/** The baseline in the same run: the same session's first 30 calls, exported the same way. */
const BASELINE_CALLS = 30;

interface FirstScreen {
  /** Navigation start → a frame after the first card is in the DOM (the page's own clock). */
  firstCardMs: number;
  /** Rows in the DOM then: the virtualizer's window, not the session. */
  rowsInDom: number;
}

/**
 * An exported HTML file opened from file:// (issue 29: first screen ≤ 1 s for a 3,000-call
 * session): every request but the file's refused, the first card timed on the page's clock,
 * against a 30-call export of the same kind of session in the same run (the ratio says what
 * the 3,000 calls cost beyond the page itself: parsing their JSON and building their rows).
 */
export const exportViewerBench: BenchDefinition = {
  name: 'export-viewer',
  about: 'an exported HTML file of a 3,000-call session opened from file:// in Chromium: navigation → first card, against a 30-call export (same run)',
  async run(context) {
    const calls = context.quick ? 300 : 3_000;
    const root = path.join(context.scratch, 'export-viewer');
    context.log(`export-viewer: writing a ${calls}-call session and a ${BASELINE_CALLS}-call one`);
    const long = await exportedFile(await writeLongSession(path.join(root, 'long'), calls), path.join(root, 'long.html'));
    const short = await exportedFile(await writeLongSession(path.join(root, 'short'), BASELINE_CALLS), path.join(root, 'short.html'));
    let browser: Browser | undefined;
    const longRuns: FirstScreen[] = [];
    const shortRuns: FirstScreen[] = [];
    try {
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
      await firstScreen(browser, short); // warm-up: the browser's own first page
      for (let run = 0; run < context.runs; run += 1) {
        // Pairs, alternating, so a busy moment of the machine falls on both.
        shortRuns.push(await firstScreen(browser, short));
        longRuns.push(await firstScreen(browser, long));
        context.log(`run ${run + 1}: ${calls} calls ${longRuns.at(-1)!.firstCardMs.toFixed(0)} ms, ${BASELINE_CALLS} calls ${shortRuns.at(-1)!.firstCardMs.toFixed(0)} ms`);
      }
    } finally {
      await browser?.close();
    }
    const what = `${calls.toLocaleString('en-US')}-call export`;
    const ratios = longRuns.map((run, index) => run.firstCardMs / shortRuns[index]!.firstCardMs);
    return {
      figures: [
        measuredFigure('export-viewer.first-card.ms', `${what} from file://: first card on screen`, 'ms', longRuns.map((run) => run.firstCardMs), { op: '≤', value: 1_000 }),
        measuredFigure('export-viewer.baseline.first-card.ms', `${BASELINE_CALLS}-call export from file://: first card on screen (baseline)`, 'ms', shortRuns.map((run) => run.firstCardMs)),
        measuredFigure('export-viewer.first-card.ratio', `${what} / ${BASELINE_CALLS}-call export, first card (pairs)`, 'ratio', ratios),
        exactFigure('export-viewer.rows-in-dom', `${what}: rows in the DOM at the first screen`, 'count', longRuns[0]?.rowsInDom ?? 0),
      ],
      details: [
        `Files: ${(statSync(long).size / 1e6).toFixed(2)} MB (${calls} calls) and ${(statSync(short).size / 1e6).toFixed(2)} MB (${BASELINE_CALLS} calls), masking on, written by the server's writer with the built viewer (dist/export-viewer). Chromium ${VIEWPORT.width}×${VIEWPORT.height}, a fresh page each run, every request but the file aborted; the time is performance.now() on the page one frame after the first card is in the DOM. One warm-up page first.`,
      ],
    };
  },
};

async function exportedFile(session: { dataDir: string; id: string }, out: string): Promise<string> {
  const doc = await openExportDocument({ dataDir: session.dataDir, sessionId: session.id, mask: MASK_ALL });
  const file = createWriteStream(out);
  await writeExport(doc, 'html', file);
  file.end();
  await finished(file);
  return out;
}

async function firstScreen(browser: Browser, file: string): Promise<FirstScreen> {
  const page = await browser.newPage({ viewport: VIEWPORT });
  try {
    const url = pathToFileURL(file).href;
    await page.route('**/*', (route) => (route.request().url() === url ? route.continue() : route.abort()));
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.querySelector('.ev-timeline__row article') !== null, undefined, { polling: 'raf', timeout: 30_000 });
    return await page.evaluate(
      () =>
        new Promise<FirstScreen>((resolve) =>
          requestAnimationFrame(() => resolve({ firstCardMs: performance.now(), rowsInDom: document.querySelectorAll('.ev-timeline__row').length })),
        ),
    );
  } finally {
    await page.close();
  }
}
