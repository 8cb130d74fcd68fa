import type { Locator, Page } from '@playwright/test';
import { timelineOf } from './support/cards';
import { generateWorkspace } from './support/generated-workspace';
import { loggedCalls } from './support/logged-calls';
import { generateSession, type PlannedCall } from './support/session-generator';
import { expect, runCommand, test } from './support/test';

/**
 * Issue 14, part 3: links to a card (`#/s/<id>/<seq>`) and to lines of a read card
 * (`…/L12-L20`), on a real server, in a session of well over 2,000 cards.
 */

const CALLS = 2_300;
/** Where the linked card goes in the plan: about 2,000 cards before the end. */
const TARGET_INDEX = 300;

/** The line numbers selected in a read card. */
function selectedLines(card: Locator): Promise<number[]> {
  return card.locator('.tc-read__row.is-selected .tc-read__gutter').evaluateAll((numbers) => numbers.map((number) => Number(number.getAttribute('data-line-number'))));
}

/**
 * Cheap calls only (reads of 40 lines, no ripgrep process per call): on two busy cores a
 * plan of greps and globs takes minutes to run 2,300 calls, reads take seconds.
 */
function readPlan(files: readonly { path: string; lines: number }[], calls: number): PlannedCall[] {
  return Array.from({ length: calls }, (_, index) => {
    const file = files[index % files.length]!;
    return { name: 'read', args: { path: file.path, offset: 1 + (index % Math.max(1, file.lines - 40)), limit: 40 } };
  });
}

const lineNumbers = (start: number, end: number) => Array.from({ length: end - start + 1 }, (_, index) => start + index);

/** Records, from before the app starts, whether the "loading history to the linked card" status ever showed. */
async function watchLinkProgress(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = (window as { __linkProgress?: string[] }).__linkProgress = [] as string[];
    new MutationObserver(() => {
      const status = document.querySelector('[data-testid="linked-card-progress"]');
      if (status?.textContent && seen.at(-1) !== status.textContent) seen.push(status.textContent);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

test('a link opens a card 2,000 cards back, a line link marks its lines, and neither carries the token', async ({ page, context, browser, toolcards }) => {
  // Making the session through the WebSocket takes most of this on 2 busy cores.
  test.setTimeout(300_000);
  const workspace = await generateWorkspace(toolcards.workspace, { files: 60, largeShare: 0 });
  const file = workspace.files.find((candidate) => candidate.lines >= 80)!;
  // The only read of lines 1–60 (the others read 40): its card title is unique.
  const target: PlannedCall = { name: 'read', args: { path: file.path, offset: 1, limit: 60 } };
  const plan = readPlan(workspace.files.filter((candidate) => candidate.lines > 45), CALLS - 1);
  plan.splice(TARGET_INDEX, 0, target);
  const server = { origin: toolcards.origin, token: toolcards.token };
  const { sessionId } = await generateSession(server, plan);

  // The seq a link names: the target call's, found in the log as any client sees it.
  const calls = await loggedCalls(server, sessionId);
  expect(calls).toHaveLength(CALLS);
  const matching = calls.filter((call) => JSON.stringify(call.args) === JSON.stringify(target.args));
  expect(matching, 'the linked read is the only one of its window').toHaveLength(1);
  const seq = matching[0]!.seq;
  const cardsAfter = calls.filter((call) => call.seq > seq).length;
  expect(cardsAfter).toBeGreaterThan(1_900);
  const title = `Read ${file.path} (1 - 60)`;

  // Once with the start URL (its token), as the person did: the browser keeps the cookie.
  await page.goto(toolcards.url);
  await expect(timelineOf(page).getByRole('article').last()).toBeVisible({ timeout: 30_000 });
  expect(new URL(page.url()).search, 'the token left the address bar').toBe('');

  // A fresh page with only the card's address: the card is loaded, in view and marked.
  const cardAddress = `${toolcards.origin}/#/s/${sessionId}/${seq}`;
  const linked = await context.newPage();
  await watchLinkProgress(linked);
  await linked.goto(cardAddress);
  const row = linked.locator(`.timeline__row[data-seq="${seq}"]`);
  await expect(row.getByRole('article', { name: title })).toBeVisible({ timeout: 60_000 });
  await expect(row, 'the linked card is scrolled into view').toBeInViewport();
  await expect(row.getByTestId('card-flash'), 'the linked card is marked').toBeAttached();
  const progress = await linked.evaluate(() => (window as { __linkProgress?: string[] }).__linkProgress ?? []);
  expect(progress.join('\n'), 'progress shown while history loaded toward the card').toMatch(/Loading history to the linked card… \([\d,]+ events to go\)/);
  await expect(linked.getByTestId('linked-card-progress')).toHaveCount(0);
  expect(linked.url()).toBe(cardAddress);

  // A fresh page with a line address: the card again, lines 12–20 selected and in its viewport.
  const lineAddress = `${cardAddress}/L12-L20`;
  const lines = await context.newPage();
  await lines.goto(lineAddress);
  const lineRow = lines.locator(`.timeline__row[data-seq="${seq}"]`);
  const card = lineRow.getByRole('article', { name: title });
  await expect(card).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => selectedLines(card), { message: 'lines 12–20 are selected' }).toEqual(lineNumbers(12, 20));
  await expect(card.locator('.tc-read__row.is-selected').first(), "the card's viewport shows line 12").toBeInViewport();
  await expect(card.getByRole('button', { name: 'Line 12', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // Click, then shift-click, line numbers: the address follows (no new history entry).
  const entries = await lines.evaluate(() => history.length);
  await card.getByRole('button', { name: 'Line 30', exact: true }).click();
  await expect(lines).toHaveURL(`${cardAddress}/L30`);
  await card.getByRole('button', { name: 'Line 26', exact: true }).click({ modifiers: ['Shift'] });
  await expect(lines).toHaveURL(`${cardAddress}/L26-L30`);
  await expect.poll(() => selectedLines(card)).toEqual(lineNumbers(26, 30));
  expect(await lines.evaluate(() => history.length)).toBe(entries);

  // "Copy link" copies the line address: origin, path and hash, never the token.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: toolcards.origin });
  await card.getByRole('button', { name: 'Copy link' }).click();
  const copied = await lines.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${cardAddress}/L26-L30`);
  expect(copied).not.toContain('token');
  expect(copied).not.toContain(toolcards.token);

  // Copied from the page opened with the token in its URL: still no token.
  const lastCard = timelineOf(page).getByRole('article').last();
  await lastCard.getByRole('button', { name: 'Copy link' }).click();
  const fromStartPage = await page.evaluate(() => navigator.clipboard.readText());
  expect(fromStartPage).toMatch(new RegExp(`^${toolcards.origin.replaceAll('.', '\\.')}/#/s/${sessionId}/\\d+$`));
  expect(fromStartPage).not.toContain(toolcards.token);

  // The same link in a browser that never got the cookie: how to get in, not the card.
  const stranger = await browser.newContext();
  const outside = await stranger.newPage();
  await outside.goto(copied);
  await expect(outside.getByRole('heading', { name: 'toolcards needs its access token' })).toBeVisible();
  await expect(outside.getByRole('article')).toHaveCount(0);
  await stranger.close();
});

test('a link to a card past the end of its session says so over the session', async ({ page, toolcards }) => {
  await page.goto(toolcards.url);
  const composer = page.getByRole('textbox', { name: /command|message|composer/i });
  await composer.fill('/read src/greet.ts');
  await composer.press('Enter');
  await expect(timelineOf(page).getByRole('article', { name: /^Read src\/greet\.ts/ })).toBeVisible();
  const sessionId = /#\/s\/([^/]+)/.exec(page.url())![1]!;

  await page.goto(`${toolcards.origin}/#/s/${sessionId}/999`);
  await expect(page.getByRole('alert').filter({ hasText: 'The linked card (event 999) is past the end of this session' })).toBeVisible();
  await expect(timelineOf(page).getByRole('article', { name: /^Read src\/greet\.ts/ })).toBeVisible();

  await page.goto(`${toolcards.origin}/#/s/no-such-session/3`);
  await expect(page.getByRole('alert').filter({ hasText: 'The link names session "no-such-session", which this server does not have' })).toBeVisible();
  await expect(timelineOf(page).getByRole('article', { name: /^Read src\/greet\.ts/ })).toBeVisible();
});

test('the card a link names stays marked after its flash, until the address names another card or none', async ({ page, toolcards }) => {
  await page.goto(toolcards.url);
  await runCommand(page, '/read src/greet.ts');
  await runCommand(page, '/read README.md');
  const greet = timelineOf(page).getByRole('article', { name: /^Read src\/greet\.ts/ });
  const readme = timelineOf(page).getByRole('article', { name: /^Read README\.md/ });
  await expect(readme).toBeVisible();
  const sessionId = /#\/s\/([^/]+)/.exec(page.url())![1]!;
  const seqOf = (article: Locator) => article.evaluate((element) => Number(element.closest('.timeline__row')!.getAttribute('data-seq')));
  const greetSeq = await seqOf(greet);
  const readmeSeq = await seqOf(readme);

  await page.goto(`${toolcards.origin}/#/s/${sessionId}/${greetSeq}`);
  const greetRow = page.locator(`.timeline__row[data-seq="${greetSeq}"]`);
  await expect(greetRow.getByRole('article', { name: /^Read src\/greet\.ts/ })).toBeVisible();
  // Long after the flash (1.2 s) has faded, the ring is still there.
  await page.waitForTimeout(3_000);
  const mark = greetRow.getByTestId('card-addressed');
  await expect(mark, 'the linked card is still marked').toBeVisible();
  await expect(mark).toHaveCSS('opacity', '1');
  await expect(page.getByTestId('card-addressed')).toHaveCount(1);

  // Another card addressed: the mark moves with the address.
  await page.evaluate((hash) => (window.location.hash = hash), `#/s/${sessionId}/${readmeSeq}`);
  await expect(page.locator(`.timeline__row[data-seq="${readmeSeq}"]`).getByTestId('card-addressed')).toBeVisible();
  await expect(greetRow.getByTestId('card-addressed')).toHaveCount(0);

  // The session alone: no card is named, none is marked.
  await page.evaluate((hash) => (window.location.hash = hash), `#/s/${sessionId}`);
  await expect(page.getByTestId('card-addressed')).toHaveCount(0);
});

test('a page opened at a session’s address reads it on the one socket its first script opened, while the page’s code still loads', async ({ page, toolcards, consoleErrors }) => {
  await page.goto(toolcards.url);
  await runCommand(page, '/read src/greet.ts');
  await expect(timelineOf(page).getByRole('article', { name: /^Read src\/greet\.ts/ })).toBeVisible();
  const sessionId = /#\/s\/([^/]+)/.exec(page.url())![1]!;
  await page.goto('about:blank');

  // The page's code held back for two seconds: the session must already be on its way.
  let codeReleasedAt = 0;
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    codeReleasedAt = Date.now();
    await route.continue();
  });
  const sockets: string[] = [];
  const subscribes: number[] = [];
  let caughtUpAt = 0;
  page.on('websocket', (socket) => {
    sockets.push(socket.url());
    socket.on('framesent', (frame) => {
      if (String(frame.payload).includes('"type":"subscribe"')) subscribes.push(Date.now());
    });
    socket.on('framereceived', (frame) => {
      if (caughtUpAt === 0 && String(frame.payload).includes('"type":"caught-up"')) caughtUpAt = Date.now();
    });
  });
  await page.goto(`${toolcards.origin}/#/s/${sessionId}`);
  await expect(timelineOf(page).getByRole('article', { name: /^Read src\/greet\.ts/ })).toBeVisible();
  expect(codeReleasedAt).toBeGreaterThan(0);
  expect(caughtUpAt).toBeGreaterThan(0);
  expect(caughtUpAt).toBeLessThan(codeReleasedAt);

  // The page took that socket over: commands go on it, and it is the only one.
  await runCommand(page, '/read README.md');
  await expect(timelineOf(page).getByRole('article', { name: /^Read README\.md/ })).toBeVisible();
  expect(sockets).toHaveLength(1);
  expect(subscribes).toHaveLength(1);
  // The inline script ran under the page's CSP (a refused one logs an error).
  expect(consoleErrors).toEqual([]);
});
