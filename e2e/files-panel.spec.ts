import type { Page } from '@playwright/test';
import { card, timelineOf } from './support/cards';
import { expect, runCommand, test } from './support/test';

/** 200 lines: two reads of 40 and 30 lines are 70 of them, 35%. */
const VALUES = Array.from({ length: 200 }, (_, index) => `export const value${index + 1} = ${index + 1};`).join('\n') + '\n';

test.use({
  workspaceFiles: {
    'src/values.ts': VALUES,
    'src/app.ts': ['// app', 'import { value150 } from "./values";', 'console.log(value150);', ''].join('\n'),
  },
});

/** The Files panel's row of `path` (its button; the path label's title is the whole path). */
function fileRow(page: Page, path: string) {
  return page.getByRole('list', { name: 'Files the session touched' }).getByRole('button').filter({ has: page.locator(`.tc-path[title="${path}"]`) });
}

/** Two reads of src/values.ts, a grep and a glob that touch it too: the first read ends up scrolled away. */
async function readTwoWindows(page: Page): Promise<void> {
  await runCommand(page, '/read src/values.ts 1 40');
  await runCommand(page, '/read src/values.ts 91 30');
  await runCommand(page, '/grep value150');
  await runCommand(page, '/glob **/*.ts');
  await expect(card(page, /^Glob /)).toBeVisible();
}

test('read two windows of one file: the Files panel shows 2 ranges and 35%, and opens a card from the list', async ({ page, toolcards, consoleErrors }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(toolcards.url);
  await readTwoWindows(page);

  const filesButton = page.getByRole('banner').getByRole('button', { name: 'Files', exact: true });
  await filesButton.focus();
  await page.keyboard.press('Enter');
  await expect(filesButton).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator('#files-panel');
  // A column beside the timeline, not a dialog over it.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const values = fileRow(page, 'src/values.ts');
  await expect(values.locator('.files-panel__coverage')).toHaveText('lines 1–40, 91–120 · 35% of 200');
  await expect(values.locator('.files-panel__extra')).toHaveText('1 grep hit · listed by 1 glob');
  await expect(fileRow(page, 'src/app.ts').locator('.files-panel__coverage')).toHaveText('not read');
  await expect(panel.locator('.files-panel__count')).toHaveText('2 files · 1 read');

  // The second read card's minimap shows both reads and the grep match.
  const secondRead = card(page, /^Read src\/values\.ts/).nth(1);
  await secondRead.scrollIntoViewIfNeeded();
  const minimap = secondRead.getByTestId('read-minimap');
  await expect(minimap.locator('.tc-read__minimap-read')).toHaveCount(2);
  await expect(minimap.locator('.tc-read__minimap-match')).toHaveCount(1);
  await expect(minimap).toHaveAttribute('title', 'This card: lines 91–120 of 200 · read in this session: lines 1–40, 91–120 · 35% of 200 · 1 grep hit');

  // The file's cards in log order; the first read opens in the timeline.
  await values.click();
  const cards = panel.getByRole('list', { name: 'Cards of src/values.ts' });
  // Each with its call's event number (commands typed one after another: their calls and results
  // interleave). The grep and the glob run at once, so either result may be logged first.
  const buttons = cards.getByRole('button');
  await expect(buttons).toHaveCount(4);
  await expect(buttons.nth(0)).toHaveText(/^read lines 1–40#0$/);
  await expect(buttons.nth(1)).toHaveText(/^read lines 91–120#\d+$/);
  expect((await buttons.allTextContents()).slice(2).map((text) => text.replace(/#\d+$/, '')).sort()).toEqual(['glob listing', 'grep matches']);
  const firstRead = card(page, /^Read src\/values\.ts/).first();
  await timelineOf(page).evaluate((timeline) => timeline.scrollTo({ top: timeline.scrollHeight }));
  await expect(firstRead.locator('.tc-read__gutter[data-line-number="1"]')).not.toBeInViewport();
  await cards.getByRole('button', { name: /^read lines 1–40/ }).click();
  await expect(page).toHaveURL(/#\/s\/[\w-]+\/0$/);
  await expect(firstRead.locator('.tc-read__gutter[data-line-number="1"]')).toBeInViewport();
  await expect(page.getByTestId('card-flash')).toBeVisible();

  // A new read is listed once it is logged (the panel follows the session).
  await runCommand(page, '/read src/values.ts 41 10');
  await expect(values.locator('.files-panel__coverage')).toHaveText('lines 1–50, 91–120 · 40% of 200');

  // Reopened from the log: the same list.
  await page.reload();
  await page.getByRole('banner').getByRole('button', { name: 'Files', exact: true }).click();
  await expect(fileRow(page, 'src/values.ts').locator('.files-panel__coverage')).toHaveText('lines 1–50, 91–120 · 40% of 200');
  expect(consoleErrors).toEqual([]);
});

test('on a phone the Files panel is a drawer over the timeline, which keeps its width; Escape closes it', async ({ page, toolcards }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(toolcards.url);
  await readTwoWindows(page);
  const timelineWidth = async () => (await timelineOf(page).boundingBox())!.width;
  const before = await timelineWidth();

  const filesButton = page.getByRole('banner').getByRole('button', { name: 'Files', exact: true });
  await expect(filesButton).toBeInViewport({ ratio: 1 });
  await filesButton.click();
  const drawer = page.getByRole('dialog', { name: 'Files' });
  await expect(drawer).toBeFocused();
  await expect(fileRow(page, 'src/values.ts').locator('.files-panel__coverage')).toHaveText('lines 1–40, 91–120 · 35% of 200');
  expect(await timelineWidth()).toBe(before);
  const widths = await page.evaluate(() => ({ page: document.scrollingElement!.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);

  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(filesButton).toBeFocused();

  // Choosing a card closes the drawer and shows the card.
  await filesButton.click();
  await fileRow(page, 'src/values.ts').click();
  await page.getByRole('list', { name: 'Cards of src/values.ts' }).getByRole('button', { name: /^read lines 1–40/ }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card(page, /^Read src\/values\.ts/).first().locator('.tc-read__gutter[data-line-number="1"]')).toBeInViewport();

  // The narrowest phone: the button keeps its icon and its name, whole on screen.
  await page.setViewportSize({ width: 320, height: 640 });
  await expect(filesButton).toBeInViewport({ ratio: 1 });
});
