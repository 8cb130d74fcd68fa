import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import WebSocket from 'ws';
import { chromium, type Browser, type Page } from '@playwright/test';
import { generateWorkspace } from '../../e2e/support/generated-workspace';
import { createSession, generateSession, toolCallPlan, type ServerAddress } from '../../e2e/support/session-generator';
import { startToolcards } from '../../e2e/support/toolcards-process';
import type { BenchDefinition } from '../bench-context';
import { CHROMIUM_ARGS } from '../client/client-harness';
import { exactFigure, measuredFigure } from '../figures';
import { CHROMIUM_PATH } from '../machine';
import { ensureClientBuilt } from './client-build';

const FULL = { files: 1_000, calls: 10_000, turns: 100 };
const QUICK = { files: 200, calls: 1_000, turns: 20 };
/** The speed the issue names for scrolling the long timeline. */
const SCROLL_PX_PER_S = 3_000;
const SCROLL_SECONDS = 8;

/**
 * `navigator`: the outline and the overview strip of a 10,000-call session (100 prompts, each
 * followed by 100 read/grep/glob calls, made through the real CLI and WebSocket), opened in
 * Chromium at `URL#/s/<id>`: from the frame the whole history is held (`data-history="complete"`)
 * to the first frame where the outline counts every call and the strip has drawn every row; then
 * the timeline scrolled from the top at 3,000 px/s by a frame loop in the page: the longest
 * main-thread task (Long Tasks API) with the outline open, and with it closed, pair by pair.
 */
export const sessionMapBench: BenchDefinition = {
  name: 'navigator',
  about: 'outline and overview strip of a 10,000-call session (real CLI, WebSocket, Chromium): ready after the history is in; scrolling at 3,000 px/s, longest task with the outline open and closed',
  async run(context) {
    const sizes = context.quick ? QUICK : FULL;
    await ensureClientBuilt(context.repoRoot, context.log);
    const root = path.join(context.scratch, 'navigator');
    await mkdir(root, { recursive: true });
    const workspace = await generateWorkspace(path.join(root, 'workspace'), { files: sizes.files, largeShare: 0 });
    const server = await startToolcards({ workspace: workspace.root, dataDir: path.join(root, 'data') });
    const address: ServerAddress = { origin: server.origin, token: server.token };
    let browser: Browser | undefined;
    try {
      context.log(`making a ${sizes.calls.toLocaleString('en-US')}-call session of ${sizes.turns} prompts through the WebSocket…`);
      const sessionId = await createSession(address);
      const plan = toolCallPlan(workspace, sizes.calls);
      const perTurn = Math.ceil(sizes.calls / sizes.turns);
      for (let turn = 0; turn < sizes.turns; turn += 1) {
        // With no model configured a prompt is logged (then refused): the session gets its turns.
        await sendPrompt(address, sessionId, `Prompt ${turn + 1}: look at part ${turn + 1}`);
        const calls = plan.slice(turn * perTurn, (turn + 1) * perTurn);
        if (calls.length > 0) await generateSession(address, calls, { sessionId, inFlight: 32 });
      }
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
      // 1440 px: the width the outline opens with the page at (below it waits for its button: workbench.tsx).
      const browserContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const ready: number[] = [];
      const readyTask: number[] = [];
      const scrollOpen: number[] = [];
      const scrollClosed: number[] = [];
      for (let run = 0; run < context.runs; run += 1) {
        const page = await browserContext.newPage();
        await page.addInitScript(`window.__expectedCalls = ${sizes.calls};`);
        await page.addInitScript(READY_PROBE);
        await page.goto(`${server.url}#/s/${sessionId}`);
        const measured = await withinMs(
          page.evaluate('window.__mapReady') as Promise<{ ready: number; longest: number }>,
          120_000,
          'the outline and the strip were not ready 120 s after the page opened (is the outline open at this width?)',
        );
        ready.push(measured.ready);
        readyTask.push(measured.longest);
        // One unmeasured pass first (the cards' code and grammars load on their first rows),
        // then open and closed in turn, each first every other run.
        await scrollLongestTask(page);
        const outlineButton = page.getByRole('button', { name: 'Outline', exact: true });
        const setOutline = async (open: boolean) => {
          if ((await outlineButton.getAttribute('aria-expanded')) !== String(open)) await outlineButton.click();
          await page.getByRole('tree', { name: 'Turns' }).waitFor({ state: open ? 'visible' : 'detached' });
        };
        for (const open of run % 2 === 0 ? [true, false] : [false, true]) {
          await setOutline(open);
          (open ? scrollOpen : scrollClosed).push(await scrollLongestTask(page));
        }
        context.log(`run ${run + 1}: ready ${measured.ready.toFixed(0)} ms after the history (longest task ${measured.longest.toFixed(0)} ms); scrolling: longest task ${scrollOpen.at(-1)!.toFixed(0)} ms with the outline, ${scrollClosed.at(-1)!.toFixed(0)} ms without`);
        await page.close();
      }
      return {
        figures: [
          exactFigure('navigator.calls', 'session: tool calls (each prompt followed by its calls)', 'count', sizes.calls),
          measuredFigure('navigator.ready', 'outline and strip showing every call, after the whole history is held', 'ms', ready, { op: '≤', value: 100 }),
          measuredFigure('navigator.ready.longest-task', 'longest task from the history held to outline and strip ready', 'ms-longtask', readyTask),
          measuredFigure('navigator.scroll.open', `scrolling the timeline at ${SCROLL_PX_PER_S.toLocaleString('en-US')} px/s for ${SCROLL_SECONDS} s, outline open: longest task`, 'ms-longtask', scrollOpen, { op: '<', value: 50 }),
          measuredFigure('navigator.scroll.closed', 'the same, outline closed (the strip stays): longest task', 'ms-longtask', scrollClosed, { op: '<', value: 50 }),
        ],
      };
    } finally {
      await browser?.close();
      await server.stop();
    }
  },
};

/** `promise`, or a clear error once `ms` pass: a probe that never resolves must not hang the run. */
async function withinMs<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** A prompt over the WebSocket, resolved once the session logged it. */
async function sendPrompt(server: ServerAddress, sessionId: string, text: string): Promise<void> {
  const url = new URL('/ws', server.origin.replace(/^http/, 'ws'));
  url.searchParams.set('token', server.token);
  const ws = new WebSocket(url.href);
  try {
    await new Promise<void>((resolve, reject) => {
      let live = false;
      ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', sessionId, afterSeq: -1, tail: 1 })));
      ws.on('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString()) as { type: string; event?: { type: string } };
        if (frame.type === 'caught-up' && !live) {
          live = true;
          ws.send(JSON.stringify({ type: 'user-message', sessionId, text }));
        }
        if (frame.type === 'event' && frame.event?.type === 'user/message') resolve();
      });
      ws.on('error', reject);
      setTimeout(() => reject(new Error('the prompt was not logged in 30 s')), 30_000);
    });
  } finally {
    ws.close();
  }
}

/**
 * Installed before the app: notes the frame the timeline says its history is complete, then
 * checks every frame until the outline counts every call and the strip has every row; long
 * tasks in between are kept. The expected counts are the page's own once complete (the rows
 * the store holds), read from the outline and the strip themselves.
 */
const READY_PROBE = `(() => {
  let longest = 0;
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration); }).observe({ type: 'longtask', buffered: true });
  window.__mapReady = new Promise((resolve) => {
    let completeAt;
    const check = () => {
      const scroller = document.querySelector('.timeline__scroller');
      if (completeAt === undefined && scroller && scroller.getAttribute('data-history') === 'complete') { completeAt = performance.now(); longest = 0; }
      if (completeAt !== undefined) {
        const rows = scroller.querySelectorAll(':scope > .timeline__canvas').length > 0;
        const strip = document.querySelector('[data-testid="overview-strip"]');
        const summary = document.querySelector('.navigator__summary');
        const calls = summary ? Number(summary.getAttribute('data-calls')) : -1;
        const expected = window.__expectedCalls;
        if (rows && strip && Number(strip.getAttribute('data-marks')) > 0 && calls > 0 && (expected === undefined || calls === expected)) {
          resolve({ ready: performance.now() - completeAt, longest });
          return;
        }
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
})();`;

/** Scrolls the timeline from its top to as far as 3,000 px/s reaches in SCROLL_SECONDS; the longest task meanwhile. */
async function scrollLongestTask(page: Page): Promise<number> {
  await page.evaluate("document.querySelector('.timeline__scroller').scrollTop = 0");
  await page.waitForTimeout(1_000);
  // A string, not a function: tsx names the functions it compiles (`__name`), which the page lacks.
  return page.evaluate(`new Promise((resolve) => {
    const scroller = document.querySelector('.timeline__scroller');
    let longest = 0;
    const observer = new PerformanceObserver((list) => { for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration); });
    observer.observe({ type: 'longtask' });
    const start = performance.now();
    let last = start;
    const step = (now) => {
      scroller.scrollTop += (${SCROLL_PX_PER_S} * (now - last)) / 1000;
      last = now;
      if (now - start < ${SCROLL_SECONDS * 1000}) requestAnimationFrame(step);
      else setTimeout(() => { observer.disconnect(); resolve(longest); }, 200);
    };
    requestAnimationFrame(step);
  })`) as Promise<number>;
}
