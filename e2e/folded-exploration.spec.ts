import { rm } from 'node:fs/promises';
import type { Browser, Locator, Page } from '@playwright/test';
import { startFakeChatCompletionsServer, type FakeReply, type FakeRequest, type FakeServerOptions } from '../packages/server/src/test-support/fake-chat-completions-server';
import { buildFixtureWorkspace, makeDataDir } from './support/fixture-workspace';
import { loggedCalls, type LoggedCall } from './support/logged-calls';
import { createSession } from './support/session-generator';
import { expect, runCommand, test } from './support/test';
import { startToolcards, type ToolcardsProcess } from './support/toolcards-process';

// Folded exploration (issue 30 item 1) through the real server: a scripted model (a real Chat
// Completions server) explores a workspace in 300 calls — 10 runs of 30 reads, greps and globs,
// each run after a line of text — every call run by the real tools and logged. The page shows
// each run folded; a line opens its card, Expand all and Collapse all, find and a permalink open
// the fold they fall in, and a live run folds as it grows without moving the card being read.

const KEY = 'sk-e2e-folded-7c1d';
const FILES = 20;
const STEPS = 30;
const CALLS_PER_STEP = 10;
/** A line of text every third step: runs of 30 calls. */
const TEXT_EVERY = 3;
const FIND_WORD = 'zebraquokka';
const EXPLORE = 'Explore the code';
const WATCH = 'Watch this live';

const file = (index: number) => `src/f${String(index).padStart(2, '0')}.ts`;
const workspaceFiles: Record<string, string> = {};
for (let index = 0; index < FILES; index += 1) {
  const lines = Array.from({ length: 30 }, (_, at) => `export const value${index}_${at + 1} = ${at + 1};`);
  if (index === 7) lines[11] = `// the ${FIND_WORD} lives here`;
  workspaceFiles[file(index)] = `${lines.join('\n')}\n`;
}
for (let index = 0; index < 3; index += 1) workspaceFiles[`live/l${index}.ts`] = `export const live${index} = ${index};\n`.repeat(6);

/** Call `n` of the exploration: reads of every file in turn, a grep or a glob between them. */
function explorationCall(n: number): { name: string; arguments: string } {
  if (n % 5 === 3) return { name: 'grep', arguments: JSON.stringify({ pattern: `value${n % FILES}_1\\b`, path: 'src' }) };
  if (n % 5 === 4) return { name: 'glob', arguments: JSON.stringify({ pattern: `src/f${n % 2}*.ts` }) };
  return { name: 'read', arguments: JSON.stringify({ path: file(n % FILES) }) };
}

function assistantSteps(request: FakeRequest): number {
  const messages = request.body.messages ?? [];
  const lastUser = messages.map((message) => message.role).lastIndexOf('user');
  return messages.slice(lastUser + 1).filter((message) => message.role === 'assistant').length;
}

function lastPrompt(request: FakeRequest): string {
  const messages = request.body.messages ?? [];
  const user = [...messages].reverse().find((message) => message.role === 'user');
  return typeof user?.content === 'string' ? user.content : '';
}

/** The exploration: 30 steps of 10 calls, then the answer. The live turn: a read, a read, then a slow grep and glob. */
function script(request: FakeRequest): FakeReply {
  const step = assistantSteps(request);
  if (lastPrompt(request) === WATCH) {
    const live = [
      { text: ['Looking at the live files.'], toolCalls: [{ name: 'read', arguments: JSON.stringify({ path: 'live/l0.ts' }) }] },
      { toolCalls: [{ name: 'read', arguments: JSON.stringify({ path: 'live/l1.ts' }) }] },
      // Slow: the page has the two cards drawn, and the test watches them, before the third call.
      { toolCalls: [{ name: 'grep', arguments: ['{"pattern":', '"live1",', '"path":"live"}'] }], chunkDelayMs: 700 },
      { toolCalls: [{ name: 'glob', arguments: ['{"pattern":', '"live/*.ts"}'] }], chunkDelayMs: 300 },
    ];
    const reply = live[step];
    return reply ? { kind: 'stream', ...reply } : { kind: 'stream', text: ['The live files hold three constants.'] };
  }
  if (step >= STEPS) return { kind: 'stream', text: ['Explored: every file exports its values.'] };
  const calls = Array.from({ length: CALLS_PER_STEP }, (_, at) => explorationCall(step * CALLS_PER_STEP + at));
  return { kind: 'stream', ...(step % TEXT_EVERY === 0 ? { text: [`Batch ${step / TEXT_EVERY + 1}: looking further.`] } : {}), toolCalls: calls };
}

const timeline = (page: Page) => page.getByRole('log', { name: 'Session timeline' });
const foldHeaders = (page: Page) => timeline(page).getByRole('button', { name: /^Explor(ed|ing) .*(Expand|Collapse) all$/ });
const foldLines = (page: Page) => timeline(page).locator('.tl-fold__line');

/** Scrolls the timeline up by wheel until `target` is mounted and on screen (rows mount as they come into view). */
async function scrollUpTo(page: Page, target: Locator): Promise<void> {
  await timeline(page).hover();
  await expect
    .poll(async () => {
      if (await target.isVisible()) return true;
      await page.mouse.wheel(0, -400);
      return false;
    }, { timeout: 20_000 })
    .toBe(true);
}

test.describe('folded exploration', () => {
  test.describe.configure({ mode: 'serial' });
  let fake: Awaited<ReturnType<typeof startFakeChatCompletionsServer>>;
  let app: ToolcardsProcess;
  let workspace: string;
  let dataDir: string;
  let sessionId: string;
  let calls: LoggedCall[];

  test.beforeAll(async ({ browser }: { browser: Browser }) => {
    test.setTimeout(240_000);
    fake = await startFakeChatCompletionsServer(script, { apiKey: KEY } satisfies FakeServerOptions);
    workspace = await buildFixtureWorkspace(workspaceFiles);
    dataDir = await makeDataDir();
    app = await startToolcards({
      workspace,
      dataDir,
      env: { TOOLCARDS_API_KEY: KEY, TOOLCARDS_BASE_URL: fake.url, TOOLCARDS_MODEL: 'fake-model', TOOLCARDS_MAX_STEPS: '40' },
    });
    const page = await browser.newPage();
    await page.goto(app.url);
    await runCommand(page, EXPLORE);
    await expect(timeline(page).getByText('Explored: every file exports its values.')).toBeVisible({ timeout: 200_000 });
    sessionId = /#\/s\/([^/]+)/.exec(page.url())![1]!;
    await page.close();
    calls = await loggedCalls(app, sessionId);
    expect(calls).toHaveLength(STEPS * CALLS_PER_STEP);
  });

  test.afterAll(async () => {
    await app?.stop();
    await fake?.close();
    if (workspace) await rm(workspace, { recursive: true, force: true });
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`a 300-call session reopened shows each run folded, at ${width} px, ${scheme}`, async ({ page, consoleErrors }, testInfo) => {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`${app.url}#/s/${sessionId}`);
        // The session opens at its end: the last run's lines, then the answer.
        await expect(timeline(page).getByText('Explored: every file exports its values.')).toBeVisible();
        await expect(foldLines(page).last()).toBeVisible();
        await expect(foldLines(page).last()).toHaveAttribute('aria-expanded', 'false');
        // No card drawn for a folded call.
        expect(await timeline(page).locator('article.tc-card').count()).toBe(0);
        await page.screenshot({ path: testInfo.outputPath(`folded-end-${width}-${scheme}.png`) });
        // Above the lines, the run's header. Calls 270–299: 18 reads of 12 distinct files, 6 greps and 6 globs.
        const last = foldHeaders(page).last();
        await scrollUpTo(page, last);
        await expect(last).toHaveAccessibleName(/^Explored 12 files · 12 searches, 30 calls\. Expand all$/);
        await expect(last).toHaveAttribute('aria-expanded', 'false');
        await page.screenshot({ path: testInfo.outputPath(`folded-${width}-${scheme}.png`) });

        // A line opens its card in place; its rail folds it back.
        const line = foldLines(page).last();
        const name = (await line.getAttribute('aria-label'))!;
        await line.click();
        const card = timeline(page).locator('article.tc-card').first();
        await expect(card).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`one-open-${width}-${scheme}.png`) });
        await timeline(page).getByRole('button', { name: name.replace('Show its card', 'Fold its card back to a line'), exact: true }).click();
        await expect(timeline(page).locator('article.tc-card')).toHaveCount(0);
        expect(consoleErrors).toEqual([]);
      });
    }
  }

  test('Expand all and Collapse all, by keyboard too', async ({ page }, testInfo) => {
    await page.goto(`${app.url}#/s/${sessionId}`);
    await expect(foldLines(page).last()).toBeVisible();
    await scrollUpTo(page, foldHeaders(page).last());
    // That header, by its fold: other folds' headers mount and unmount as the view moves.
    const fold = await timeline(page).locator('[data-fold]').last().getAttribute('data-fold');
    const last = timeline(page).locator(`[data-fold="${fold}"]`).getByRole('button');
    await last.focus();
    await page.keyboard.press('Enter');
    await expect(last).toHaveAttribute('aria-expanded', 'true');
    await expect(last).toHaveAccessibleName(/Collapse all$/);
    // Every call of the run a card; the timeline stays virtualized (not 30 cards in the DOM at once).
    const firstCall = timeline(page).locator('.timeline__row', { has: page.locator(`[data-fold="${fold}"]`) }).locator('xpath=following-sibling::div[1]');
    await expect(firstCall).toHaveClass(/timeline__row--fold-card/);
    await expect(firstCall.locator('article.tc-card')).toBeVisible();
    expect(await timeline(page).locator('article.tc-card').count()).toBeLessThan(30);
    await page.screenshot({ path: testInfo.outputPath('expanded-1280-light.png') });
    // The header keeps the focus and its place: Enter again folds the run back.
    await expect(last).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(last).toHaveAttribute('aria-expanded', 'false');
    await expect(timeline(page).locator('article.tc-card')).toHaveCount(0);
  });

  test('find opens the fold its hit is in and marks the match', async ({ page }) => {
    await page.goto(`${app.url}#/s/${sessionId}`);
    await expect(foldLines(page).last()).toBeVisible();
    await page.keyboard.press('Control+f');
    await page.getByRole('searchbox', { name: 'Find in session' }).fill(FIND_WORD);
    const card = timeline(page).getByRole('article', { name: /src\/f07\.ts/ }).first();
    await expect(card).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => [...((CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('tc-find-current') ?? [])].map((range) => range.toString())))
      .toEqual([FIND_WORD]);
    // The hit's call is open in its fold: its rail says it folds back.
    await expect(timeline(page).getByRole('button', { name: /src\/f07\.ts.*Fold its card back to a line/, expanded: true })).toHaveCount(1);
  });

  test('a permalink into a fold opens that call, after a reload too', async ({ page }) => {
    // A read in the middle of the first run, far above the end.
    const target = calls.find((call, index) => index > 12 && call.name === 'read')!;
    const path = (target.args as { path: string }).path;
    await page.goto(`${app.url}#/s/${sessionId}/${target.seq}`);
    const addressed = timeline(page).locator(`.timeline__row[data-seq="${target.seq}"]`);
    await expect(addressed.getByRole('article', { name: new RegExp(path.replace(/[.]/g, '\\.')) })).toBeVisible();
    await expect(addressed.getByTestId('card-addressed')).toHaveCount(1);
    await page.reload();
    await expect(addressed.getByRole('article', { name: new RegExp(path.replace(/[.]/g, '\\.')) })).toBeVisible();
  });

  test("the Files panel's jump to a card opens the fold it is in", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${app.url}#/s/${sessionId}`);
    await expect(foldLines(page).last()).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Files', exact: true }).click();
    await page.getByRole('list', { name: 'Files the session touched' }).getByRole('button').filter({ has: page.locator('.tc-path[title="src/f07.ts"]') }).click();
    // Its first read: call 7, in the first run, far above the end.
    await page.getByRole('list', { name: 'Cards of src/f07.ts' }).getByRole('button', { name: /^read lines 1–30/ }).first().click();
    const first = calls.find((call) => call.name === 'read' && (call.args as { path: string }).path === 'src/f07.ts')!;
    const row = timeline(page).locator(`.timeline__row[data-seq="${first.seq}"]`);
    await expect(row.getByRole('article', { name: /src\/f07\.ts/ })).toBeInViewport();
    await expect(row).toHaveClass(/timeline__row--fold-card/);
  });

  test('full density shows every card; the choice is remembered', async ({ page }) => {
    await page.goto(`${app.url}#/s/${sessionId}`);
    await expect(foldLines(page).last()).toBeVisible();
    await page.getByRole('button', { name: 'Fold runs of reads and searches', pressed: true }).click();
    await expect(foldLines(page)).toHaveCount(0);
    await expect(timeline(page).locator('article.tc-card').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Fold runs of reads and searches', pressed: false })).toBeVisible();
    await expect(timeline(page).getByText('Explored: every file exports its values.')).toBeVisible();
    await expect(foldLines(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Fold runs of reads and searches' }).click();
    await expect(foldLines(page).last()).toBeVisible();
  });

  for (const [width, height, scheme] of [
    [1280, 800, 'light'],
    [390, 844, 'dark'],
  ] as const) {
    test(`a live run folds as it grows without moving the card being read, at ${width} px, ${scheme}`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      // A session of its own: the live turn starts from an empty timeline.
      await page.goto(`${app.url}#/s/${await createSession(app)}`);
      await expect(timeline(page).getByText('Nothing here yet.')).toBeVisible();
      await runCommand(page, WATCH);
      const second = timeline(page).getByRole('article', { name: /live\/l1\.ts/ });
      await expect(second).toBeVisible();
      await expect(foldHeaders(page)).toHaveCount(0);
      // Watch the second card (the one being read): where it sits, and every layout shift from now on.
      await page.evaluate(() => {
        const state = window as unknown as { shifts: { value: number; nodes: string[] }[] };
        state.shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node | null }[] })[]) {
            state.shifts.push({ value: entry.value, nodes: (entry.sources ?? []).map((source) => (source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : String(source.node?.nodeName))) });
          }
        }).observe({ type: 'layout-shift', buffered: false });
      });
      const row = second.locator('xpath=ancestor::div[contains(@class,"timeline__row")][1]');
      const scrollTop = () => timeline(page).evaluate((element) => element.scrollTop);
      const before = { box: (await row.boundingBox())!, scrolled: await scrollTop() };
      // The grep arrives: a run of three, folded from the grep on (the two cards stay above it).
      const header = foldHeaders(page).first();
      await expect(header).toBeVisible({ timeout: 20_000 });
      await expect(foldLines(page).first()).toContainText('Grep live1');
      await expect(timeline(page).getByText('The live files hold three constants.')).toBeVisible({ timeout: 20_000 });
      await expect(header).toHaveAccessibleName(/^Explored 2 searches, 2 calls\. Expand all$/);
      // Following the end still works: the answer after the fold is on screen.
      await expect(timeline(page).getByText('The live files hold three constants.')).toBeInViewport();
      await page.screenshot({ path: testInfo.outputPath(`live-${width}-${scheme}.png`) });
      const after = { box: (await row.boundingBox())!, scrolled: await scrollTop() };
      // Nothing above the fold moved in the timeline: the card is where it was, apart from what following the end scrolled.
      expect(Math.abs(after.box.y + after.scrolled - (before.box.y + before.scrolled))).toBeLessThanOrEqual(1);
      expect(after.box.height).toBe(before.box.height);
      const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; nodes: string[] }[] }).shifts);
      expect(shifts.filter((shift) => shift.nodes.some((node) => node.includes('live/l1.ts') || node.includes('timeline__row')))).toEqual([]);
    });
  }
});
