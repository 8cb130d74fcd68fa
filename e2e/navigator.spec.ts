import { rm } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { startFakeChatCompletionsServer, type FakeChatCompletionsServer } from '../packages/server/src/test-support/fake-chat-completions-server';
import { buildFixtureWorkspace, makeDataDir } from './support/fixture-workspace';
import { generateTurnsSession, type TurnsPlan } from './support/model-turns-session';
import { expect, test } from './support/test';
import { startToolcards, type ToolcardsProcess } from './support/toolcards-process';

// A 300-call session of 10 model turns, made through the real server, tools and session log,
// looked at through the outline, the overview strip, j/k and a pin, at 1280 and 390 px, light
// and dark.

const KEY = 'sk-e2e-navigator-5d1c';
const FILES = Array.from({ length: 12 }, (_, index) => `src/part${index + 1}.ts`);
const PLAN: TurnsPlan = { turns: 10, callsPerTurn: 30, files: FILES };

test.describe.configure({ mode: 'serial' });

test.describe('the outline, the strip, j/k and pins on a 300-call session', () => {
  let fake: FakeChatCompletionsServer;
  let app: ToolcardsProcess;
  let workspace: string;
  let dataDir: string;
  let sessionId: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const { turnsScript } = await import('./support/model-turns-session');
    fake = await startFakeChatCompletionsServer(turnsScript(PLAN), { apiKey: KEY });
    workspace = await buildFixtureWorkspace(
      Object.fromEntries(FILES.map((path, index) => [path, Array.from({ length: 30 }, (_, line) => `export const part${index + 1}_${line} = ${line};`).join('\n') + '\n'])),
    );
    dataDir = await makeDataDir();
    app = await startToolcards({ workspace, dataDir, env: { TOOLCARDS_API_KEY: KEY, TOOLCARDS_BASE_URL: fake.url, TOOLCARDS_MODEL: 'fake-model' } });
    sessionId = await generateTurnsSession(app, PLAN);
  });

  test.afterAll(async () => {
    await app?.stop();
    await fake?.close();
    await rm(workspace, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  const open = async (page: Page, hash = `#/s/${sessionId}`) => {
    await page.goto(`${app.url}${hash}`);
    await expect(page.getByRole('log', { name: 'Session timeline' })).toHaveAttribute('data-history', 'complete', { timeout: 30_000 });
  };
  const currentTurn = (page: Page) => page.locator('[role="tree"] [role="treeitem"][aria-current="location"]');
  const prompt = (page: Page, turn: number) => page.getByRole('article', { name: 'Your message' }).filter({ hasText: `Turn ${turn}: explain part ${turn} of the code` });
  /** The prompt's card is on screen, near the top of the timeline (where a jump puts it). */
  const expectAtTop = async (page: Page, turn: number) => {
    const scroller = await page.getByRole('log', { name: 'Session timeline' }).boundingBox();
    await expect(async () => {
      const box = await prompt(page, turn).boundingBox();
      expect(box).not.toBeNull();
      expect(Math.abs(box!.y - scroller!.y)).toBeLessThan(60);
    }).toPass({ timeout: 10_000 });
  };

  test('at 1280 px: the outline lists the turns, j/k move between them, the turn in view is marked while scrolling, the strip jumps', async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page);
    // Below 1440 px the outline waits for its button.
    await page.getByRole('button', { name: 'Outline', exact: true }).click();
    const tree = page.getByRole('tree', { name: 'Turns' });
    await expect(tree.locator('[role="treeitem"][aria-level="1"]')).toHaveCount(10);
    const first = tree.locator('[role="treeitem"]').first();
    await expect(first).toHaveAccessibleName('Turn 1: Turn 1: explain part 1 of the code. Looking at part 1.. 30 calls: 20 reads, 10 searches');
    await expect(page.getByText('10 turns · 300 calls')).toBeVisible();
    // Opened at its end: the last turn is the one in view.
    await expect(currentTurn(page)).toHaveAttribute('data-turn', '9');

    // j/k are the page's, not the composer's: the person clicks out of it first.
    await page.getByRole('heading', { name: 'Outline' }).click();
    await page.keyboard.press('k');
    await expectAtTop(page, 10);
    await page.keyboard.press('k');
    await expectAtTop(page, 9);
    await expect(currentTurn(page)).toHaveAttribute('data-turn', '8');
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    await expectAtTop(page, 7);
    await page.keyboard.press('j');
    await expectAtTop(page, 8);
    await expect(currentTurn(page)).toHaveAttribute('data-turn', '7');
    // Typed in the composer, j is a letter.
    const composer = page.getByRole('textbox').first();
    await composer.click();
    await page.keyboard.type('jk');
    await expect(composer).toHaveValue('jk');
    await composer.fill('');
    await expectAtTop(page, 8);

    // Scrolling up with the wheel: the marked turn follows the view.
    const timeline = page.getByRole('log', { name: 'Session timeline' });
    await timeline.hover();
    for (let step = 0; step < 30; step += 1) await page.mouse.wheel(0, -1500);
    await expect(async () => expect(Number(await currentTurn(page).getAttribute('data-turn'))).toBeLessThan(7)).toPass();

    // The strip: a mark per call (or per 2 px), the viewport band; a click near its top goes to the first turn.
    const strip = page.getByRole('navigation', { name: 'Session overview' });
    await expect(strip).toBeVisible();
    expect(Number(await strip.getAttribute('data-marks'))).toBeGreaterThan(200);
    await expect(page.getByTestId('strip-viewport')).toBeVisible();
    const canvas = strip.locator('canvas');
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + 3);
    // The first call under the click is shown: the first turn's.
    await expect(currentTurn(page)).toHaveAttribute('data-turn', '0');
    await expect(page.getByRole('log', { name: 'Session timeline' }).getByText('Looking at part 1.', { exact: true })).toBeInViewport();
    // The strip's turns are buttons for the keyboard and screen readers.
    await expect(strip.getByRole('button', { name: /^Turn 5: Turn 5: explain part 5 of the code, 30 calls: 20 reads, 10 searches$/ })).toHaveCount(1);

    // Enter in the outline jumps; ↓ moves inside it without jumping.
    await tree.locator('[role="treeitem"][data-turn="0"]').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(tree.locator('[role="treeitem"][data-turn="2"]')).toBeFocused();
    await page.keyboard.press('Enter');
    await expectAtTop(page, 3);

    // Find in session's hits are marked on the strip while the bar is open.
    await page.keyboard.press('Control+f');
    await page.getByRole('searchbox', { name: 'Find in session' }).fill('explain part 3 of');
    await expect(strip).toHaveAttribute('data-find-hits', '1');
    await page.keyboard.press('Escape');
    await expect(strip).toHaveAttribute('data-find-hits', '0');

    await page.screenshot({ path: test.info().outputPath('navigator-1280-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: test.info().outputPath('navigator-1280-dark.png') });
    expect(consoleErrors).toEqual([]);
  });

  test('at 1280 px: a card is pinned, listed in the outline and on the strip, and its link is followed, after a reload too', async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page);
    // Below 1440 px the outline waits for its button.
    await page.getByRole('button', { name: 'Outline', exact: true }).click();
    await page.getByRole('heading', { name: 'Outline' }).click();
    // From the end: the last turn's start, then 9, 8, 7.
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('k');
    await expectAtTop(page, 7);
    // Turn 7's calls are folded (runs of reads and searches): the first line in view opens its card in place.
    const lines = page.locator('.tl-fold__line');
    const scrollerTop = (await page.getByRole('log', { name: 'Session timeline' }).boundingBox())!.y;
    const inView = await lines.evaluateAll((buttons, top) => buttons.findIndex((button) => button.getBoundingClientRect().top >= top), scrollerTop);
    expect(inView).toBeGreaterThanOrEqual(0);
    await lines.nth(inView).click();
    const card = page.locator('.timeline__row--fold-card article.tc-card').first();
    const pinButton = card.getByRole('button', { name: 'Pin', exact: true });
    await expect(pinButton).toBeVisible();
    const label = (await card.getAttribute('aria-label'))!;
    await pinButton.click();
    await expect(card.getByRole('button', { name: 'Pinned' })).toHaveAttribute('aria-pressed', 'true');
    const pins = page.getByRole('region', { name: 'Pinned cards' });
    const link = pins.getByRole('link', { name: label });
    await expect(link).toBeVisible();
    await expect(page.locator('.strip__pin')).toHaveCount(1);
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(new RegExp(`^#/s/${sessionId}/\\d+$`));

    // Away to the first turn, then the pin's link brings the card back, marked as the linked one.
    await page.getByRole('tree', { name: 'Turns' }).locator('[role="treeitem"][data-turn="0"]').click();
    await expectAtTop(page, 1);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    const addressed = page.locator('.timeline__row[data-addressed="true"]');
    await expect(addressed.getByRole('article', { name: label, exact: true })).toBeInViewport();

    // After a reload the pin is still listed (kept by the server) and its link still works.
    await page.reload();
    await page.getByRole('button', { name: 'Outline', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Pinned cards' }).getByRole('link', { name: label })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('tree', { name: 'Turns' }).locator('[role="treeitem"][data-turn="9"]').click();
    await expectAtTop(page, 10);
    await page.getByRole('region', { name: 'Pinned cards' }).getByRole('link', { name: label }).click();
    await expect(page.locator('.timeline__row[data-addressed="true"]').getByRole('article', { name: label, exact: true })).toBeInViewport();
    await expect(page.locator('.timeline__row[data-addressed="true"]').getByRole('button', { name: 'Pinned' })).toHaveAttribute('aria-pressed', 'true');
    await page.locator('.strip__pin').first().focus();
    await expect(page.locator('.strip__pin').first()).toHaveAccessibleName(`Pinned: ${label}`);
    await page.screenshot({ path: test.info().outputPath('pins-1280-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: test.info().outputPath('pins-1280-dark.png') });
    expect(consoleErrors).toEqual([]);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`at 390 px (${scheme}): the outline is a drawer; a turn chosen there closes it and is shown; j/k and the strip work`, async ({ page, consoleErrors }) => {
      await page.setViewportSize({ width: 390, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      await open(page);
      // Closed on a phone until its button opens it, as a modal drawer.
      await expect(page.getByRole('tree', { name: 'Turns' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Outline', exact: true }).click();
      const drawer = page.getByRole('dialog', { name: 'Outline' });
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('tree', { name: 'Turns' }).locator('[role="treeitem"][aria-level="1"]')).toHaveCount(10);
      // The pin made at 1280 px is listed here too.
      await expect(drawer.getByRole('region', { name: 'Pinned cards' }).getByRole('link')).toHaveCount(1);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await page.screenshot({ path: test.info().outputPath(`navigator-390-${scheme}-drawer.png`) });
      // Closed by its button too (Escape and the scrim close it as well); focus goes back to the header's button.
      await drawer.getByRole('button', { name: 'Close outline' }).click();
      await expect(drawer).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Outline', exact: true })).toBeFocused();
      await page.getByRole('button', { name: 'Outline', exact: true }).click();
      await drawer.getByRole('treeitem').filter({ hasText: 'Turn 4: explain part 4' }).click();
      await expect(drawer).toHaveCount(0);
      await expectAtTop(page, 4);

      // Focus went back to the Outline button: j/k are the page's there.
      await expect(page.getByRole('button', { name: 'Outline', exact: true })).toBeFocused();
      await page.keyboard.press('j');
      await expectAtTop(page, 5);
      await page.keyboard.press('k');
      await expectAtTop(page, 4);
      await page.keyboard.press('k');
      await expectAtTop(page, 3);

      const canvas = page.getByRole('navigation', { name: 'Session overview' }).locator('canvas');
      const box = (await canvas.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await page.mouse.click(box.x + box.width / 2, box.y + 3);
      await expect(page.getByRole('log', { name: 'Session timeline' }).getByText('Looking at part 1.', { exact: true })).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`navigator-390-${scheme}.png`) });
      expect(consoleErrors).toEqual([]);
    });
  }
});
