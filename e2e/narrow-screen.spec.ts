import type { Locator, Page } from '@playwright/test';
import { card, timelineOf } from './support/cards';
import { expect, runCommand, test } from './support/test';

// A file deep in folders: on a phone its folder is cut, never its name.
const FOLDER = 'packages/webapp/src/components/settings/advanced/notifications/channels/';
const NAME = 'ChannelEditor.tsx';
const LONG_PATH = FOLDER + NAME;
/** The read card (its title, from the tool, shortens a long path). */
const READ_TITLE = /^Read packages\/webapp\//;

test.use({
  workspaceFiles: {
    [LONG_PATH]: 'export function ChannelEditor() {\n  return null;\n}\n',
    'src/greet.ts': 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n',
  },
});

/** The page has no sideways scroll: nothing is wider than the window. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.scrollingElement!.scrollWidth, window: window.innerWidth }));
  expect(widths.page, `page ${widths.page}px wide in a ${widths.window}px window`).toBeLessThanOrEqual(widths.window);
}

/** Every control of the header is whole on screen. */
async function expectHeaderControlsVisible(page: Page): Promise<void> {
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: /Sessions/ })).toBeInViewport({ ratio: 1 });
  await expect(header.getByRole('button', { name: /^Theme: / })).toBeInViewport({ ratio: 1 });
  const connection = header.getByRole('status');
  await expect(connection).toBeInViewport({ ratio: 1 });
  // The state in words, not only a coloured dot: the label shows at least its first letters.
  expect(await connection.locator('.connection__label').evaluate((label) => label.getBoundingClientRect().width)).toBeGreaterThan(20);
}

/**
 * In this path label the name is entirely shown, inside `within` and not ellipsized, while
 * the folder is cut (its text is wider than its box).
 */
async function expectNameWholeFolderCut(label: Locator, within: Locator): Promise<void> {
  await expect(label).toHaveAttribute('title', LONG_PATH);
  await expect(label).toHaveText(LONG_PATH);
  const name = label.locator('.tc-path__name');
  await expect(name).toHaveText(NAME);
  const nameBox = (await name.boundingBox())!;
  const box = (await within.boundingBox())!;
  expect(nameBox.x, 'name starts inside the card').toBeGreaterThanOrEqual(box.x);
  expect(nameBox.x + nameBox.width, 'name ends inside the card').toBeLessThanOrEqual(box.x + box.width + 0.5);
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth), 'the name is not cut').toBe(true);
  const dir = label.locator('.tc-path__dir');
  expect(await dir.evaluate((element) => element.scrollWidth > element.clientWidth), 'the folder is cut').toBe(true);
}

async function runSomeCommands(page: Page): Promise<void> {
  await runCommand(page, '/grep export');
  await expect(card(page, /^Grep export/)).toContainText('2 matches in 2 files');
  await runCommand(page, `/read ${LONG_PATH}`);
  await expect(card(page, READ_TITLE)).toBeVisible();
  await runCommand(page, '/glob **/*.tsx');
  await expect(card(page, /^Glob /)).toContainText('1 file');
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
]) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('fits the window: no sideways scroll, every header control on screen, file names whole', async ({ page, toolcards, consoleErrors }) => {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(toolcards.url);
      await expect(page.getByRole('banner').getByRole('status')).toHaveText(/Connected|Ready/);
      await expectNoHorizontalScroll(page);
      await expectHeaderControlsVisible(page);

      await runSomeCommands(page);
      await expectNoHorizontalScroll(page);
      await expectHeaderControlsVisible(page);

      // The read card's header, the grep group header and the glob row: the same path label.
      const read = card(page, READ_TITLE);
      await expectNameWholeFolderCut(read.locator('.tc-card__heading .tc-path'), read);
      const search = card(page, /^Grep export/);
      const group = search.getByRole('button', { name: `${LONG_PATH}, 1 match` });
      await expectNameWholeFolderCut(group.locator('.tc-path'), search);
      const paths = card(page, /^Glob /);
      const row = paths.getByRole('button', { name: `Open ${LONG_PATH}` });
      await expectNameWholeFolderCut(row.locator('.tc-path'), paths);
      expect(consoleErrors).toEqual([]);
    });

    test('Sessions opens a drawer over the timeline; Escape, the scrim and choosing a session close it', async ({ page, toolcards }) => {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(toolcards.url);
      await runSomeCommands(page);
      const timeline = timelineOf(page);
      const before = (await timeline.boundingBox())!;
      const sessionsButton = page.getByRole('banner').getByRole('button', { name: /Sessions/ });

      await sessionsButton.click();
      const drawer = page.getByRole('dialog', { name: 'Sessions' });
      await expect(drawer).toBeVisible();
      await expect(drawer).toHaveAttribute('aria-modal', 'true');
      await expect(drawer).toBeFocused();
      await expect(drawer.getByRole('button', { name: /Grep export/ })).toBeVisible();
      await expectNoHorizontalScroll(page);
      // Over the timeline, not beside it: the timeline keeps its whole size.
      const drawerBox = (await drawer.boundingBox())!;
      expect(drawerBox.width).toBeLessThanOrEqual(viewport.width * 0.85 + 1.5);
      expect(drawerBox.height).toBeGreaterThanOrEqual(viewport.height - 1);
      const under = (await timeline.boundingBox())!;
      expect(under.height).toBeGreaterThanOrEqual(viewport.height * 0.6);
      expect(under).toEqual(before);

      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect(sessionsButton).toBeFocused();
      await expect(sessionsButton).toHaveAttribute('aria-expanded', 'false');

      // A click on the scrim (the dimmed timeline beside the drawer) closes it as well.
      await sessionsButton.click();
      await expect(drawer).toBeFocused();
      await page.getByTestId('sessions-scrim').click({ position: { x: viewport.width - 10, y: viewport.height / 2 } });
      await expect(drawer).toBeHidden();
      await expect(sessionsButton).toBeFocused();

      // Choosing a session closes the drawer too.
      await sessionsButton.click();
      await drawer.getByRole('button', { name: /Grep export/ }).click();
      await expect(drawer).toBeHidden();
      await expect(card(page, /^Grep export/)).toBeVisible();
      await expectNoHorizontalScroll(page);
    });
  });
}

test.describe('1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a wide window keeps the sessions panel beside the timeline, not a drawer', async ({ page, toolcards }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(toolcards.url);
    await runSomeCommands(page);
    const timeline = timelineOf(page);
    const before = (await timeline.boundingBox())!;
    await page.getByRole('banner').getByRole('button', { name: /Sessions/ }).click();
    await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('sessions-scrim')).toHaveCount(0);
    const beside = (await timeline.boundingBox())!;
    expect(beside.x).toBeGreaterThan(before.x + 200);
    expect(beside.height).toBe(before.height);
    await expectNoHorizontalScroll(page);
    // The whole path fits: nothing of it is cut.
    const label = card(page, READ_TITLE).locator('.tc-card__heading .tc-path');
    expect(await label.locator('.tc-path__dir').evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  });
});
