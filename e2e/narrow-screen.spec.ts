import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { card, timelineOf } from './support/cards';
import { expect, runCommand, test } from './support/test';

// A file deep in folders: on a phone its folder is cut, never its name.
const FOLDER = 'packages/webapp/src/components/settings/advanced/notifications/channels/';
const NAME = 'ChannelEditor.tsx';
const LONG_PATH = FOLDER + NAME;
/** The read card (its title, from the tool, shortens a long path). */
const READ_TITLE = /^Read packages\/webapp\//;

/** Lines whose match sits where a phone's row cuts them, one character further each. */
const CUT_FILES = Object.fromEntries(Array.from({ length: 33 }, (_, at) => [`notes/cut-${at + 8}.txt`, `${'x'.repeat(at + 8)}cutneedle and more after it\n`]));
/** A path that fits a wide read card's header beside its details and actions, until a stale badge joins them. */
const MID_PATH = 'src/server/middlewares/transform-request.ts';

test.use({
  workspaceFiles: {
    [LONG_PATH]: 'export function ChannelEditor() {\n  return null;\n}\n',
    'src/greet.ts': 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n',
    ...CUT_FILES,
    [MID_PATH]: Array.from({ length: 300 }, (_, at) => `const line${at + 1} = ${at + 1};\n`).join(''),
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
  // A dot on screen; the state in words for a screen reader and as its title.
  await expect(connection.locator('.connection__dot')).toBeVisible();
  await expect(connection).toHaveText('Connected');
  await expect(connection).toHaveAttribute('title', 'Connected');
}

/** Pixels of the light theme's mark colour (#ffdf5d) in a screenshot of `element` (of `clip` in the page, when given). */
async function markColouredPixels(page: Page, element: Locator, clip?: { x: number; y: number; width: number; height: number }): Promise<number> {
  const png = (clip === undefined ? await element.screenshot() : await page.screenshot({ clip })).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data: pixels } = context.getImageData(0, 0, image.width, image.height);
    let count = 0;
    for (let at = 0; at < pixels.length; at += 4) {
      if (pixels[at]! > 235 && Math.abs(pixels[at + 1]! - 223) < 24 && pixels[at + 2]! < 150) count += 1;
    }
    return count;
  }, png);
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

test.describe('390×844, a phone: the room goes to what the person reads', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the header keeps the workspace folder: the model an icon, the connection a dot, each with its words', async ({ page, toolcards }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(toolcards.url);
    const header = page.getByRole('banner');
    await expect(header.getByRole('status')).toHaveText('Connected');
    const workspace = header.locator('.app-header__workspace');
    await expect(workspace).toBeVisible();
    expect((await workspace.boundingBox())!.width, 'the folder has the room').toBeGreaterThan(150);
    await expect(workspace).toHaveAttribute('title', toolcards.workspace);
    const model = header.locator('.app-header__model');
    await expect(model).toHaveAttribute('title', 'No model configured');
    await expect(model).toHaveText(/no model/);
    expect((await model.boundingBox())!.width, 'the model is an icon').toBeLessThan(32);
    const connection = header.getByRole('status');
    expect((await connection.boundingBox())!.width, 'the connection is a dot').toBeLessThan(16);
    await expectHeaderControlsVisible(page);
  });

  test('the help reads in one column and closes when a command is sent; the find bar is one row', async ({ page, toolcards }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(toolcards.url);
    await runCommand(page, '/help');
    const help = page.getByRole('region', { name: 'Composer help' });
    await expect(help).toBeVisible();
    const box = (await help.boundingBox())!;
    for (const description of await help.locator('dd').all()) {
      const { x, width } = (await description.boundingBox())!;
      expect(x + width, 'each description ends inside the help').toBeLessThanOrEqual(box.x + box.width);
      expect(width, 'each description has the help’s width, not a sliver').toBeGreaterThan(box.width * 0.7);
      expect(await description.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    await runCommand(page, '/grep export');
    await expect(card(page, /^Grep export/)).toBeVisible();
    await expect(help).toBeHidden();

    await page.keyboard.press('Control+f');
    const find = page.getByRole('search', { name: 'Find in session' });
    await find.getByRole('searchbox').fill('export');
    await expect(find.getByRole('status')).toHaveText(/of \d+/);
    const tops = await find.evaluate((bar) => [...bar.children].map((child) => child.getBoundingClientRect().top + child.getBoundingClientRect().height / 2));
    expect(Math.max(...tops) - Math.min(...tops), 'every part of the find bar on one row').toBeLessThan(4);
    expect((await find.boundingBox())!.height).toBeLessThan(48);
  });

  test('a match row gives its line the width: its actions show on the row focused, hovered or opened', async ({ page, toolcards }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(toolcards.url);
    await runCommand(page, '/grep export src');
    const search = card(page, /^Grep export in src/);
    const row = search.locator('.tc-search__row').first();
    await expect(row).toBeVisible();
    const actions = row.getByRole('button', { name: /^Copy path:line/ });
    await expect(actions).toBeHidden();
    const line = row.locator('.tc-search__match');
    expect((await line.boundingBox())!.width, 'the line has the row').toBeGreaterThan((await row.boundingBox())!.width - 8);
    await line.focus();
    await expect(actions).toBeVisible();
    // Tab from the row reaches them.
    await page.keyboard.press('Tab');
    await expect(row.getByRole('link', { name: /^Open in editor/ })).toBeFocused();
  });

  test('the composer fits: a one-line placeholder and a two-line no-model note', async ({ page, toolcards }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(toolcards.url);
    const input = page.getByRole('textbox', { name: 'Message or command' });
    const fits = await input.evaluate((element: HTMLTextAreaElement) => {
      const style = getComputedStyle(element);
      const context = new OffscreenCanvas(1, 1).getContext('2d')!;
      context.font = `${style.fontSize} ${style.fontFamily}`;
      const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: context.measureText(element.placeholder).width, room };
    });
    expect(fits.text, `the placeholder (${fits.text}px) on one line of ${fits.room}px`).toBeLessThanOrEqual(fits.room);
    const note = page.getByRole('note', { name: 'No model configured' });
    await expect(note).toContainText('TOOLCARDS_API_KEY');
    const lines = await note.locator('p:visible').evaluate((paragraph) => {
      const range = document.createRange();
      range.selectNodeContents(paragraph);
      // One rect per line box fragment: count the distinct line tops.
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top / 4))).size;
    });
    expect(lines, 'the note in two lines').toBeLessThanOrEqual(2);
  });

  test('a match stays in view on a phone: the line is clipped around it, and a cut leaves no empty yellow box after the …', async ({ page, toolcards }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(toolcards.url);
    await runCommand(page, '/grep cutneedle notes');
    const search = card(page, /^Grep cutneedle in notes/);
    await expect(search).toContainText(`${Object.keys(CUT_FILES).length} matches`);
    const texts = search.locator('.tc-search__line-text');
    let painted = 0;
    for (const text of await texts.all()) {
      const box = await text.evaluate((element) => {
        const style = getComputedStyle(element);
        const context = new OffscreenCanvas(1, 1).getContext('2d')!;
        context.font = `${style.fontSize} ${style.fontFamily}`;
        const rect = element.getBoundingClientRect();
        const mark = element.querySelector('mark')!.getBoundingClientRect();
        return { cut: element.scrollWidth > element.clientWidth, right: rect.right, top: rect.top, height: rect.height, ellipsis: context.measureText('…').width, markRight: mark.right, text: element.textContent };
      });
      // The match at column 8 to 40 of a 35- to 67-character line: a 390 px row shows ~33 of them.
      expect(box.markRight, `the match is whole in the row: ${box.text}`).toBeLessThanOrEqual(box.right - (box.cut ? box.ellipsis : 0) + 0.5);
      if (box.cut) {
        const tail = await markColouredPixels(page, text, { x: box.right - box.ellipsis + 0.5, y: box.top, width: box.ellipsis - 0.5, height: box.height });
        expect(tail, 'no mark colour on or after the … where the cut falls').toBe(0);
      }
      painted += await markColouredPixels(page, text);
    }
    // The marks in view are painted.
    expect(painted).toBeGreaterThan(200);
  });
});

test.describe('1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a read card whose file changed keeps its actions where they were: the stale badge does not push them to a row of their own', async ({ page, toolcards }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(toolcards.url);
    await runCommand(page, `/read ${MID_PATH} 1 40`);
    const read = card(page, /^Read src\/server\/middlewares\/transform-request\.ts/);
    await expect(read).toContainText('Next 260 lines');
    const header = read.locator('.tc-card__header');
    const copyLink = read.getByRole('button', { name: 'Copy link' });
    const before = (await copyLink.boundingBox())!;
    await appendFile(path.join(toolcards.workspace, MID_PATH), '// changed after the read\n');
    await expect(read.locator('.tc-read__stale')).toHaveText('changed since read (not these lines)');
    // The badge joins the details; the actions stay where they were, beside the details or the path.
    expect(await copyLink.boundingBox()).toEqual(before);
    const middle = (locator: Locator) => locator.evaluate((element) => element.getBoundingClientRect().top + element.getBoundingClientRect().height / 2);
    const actions = await middle(header.locator('.tc-card__actions'));
    const beside = [await middle(header.locator('.tc-card__heading')), await middle(header.locator('.tc-card__details'))];
    expect(Math.min(...beside.map((row) => Math.abs(row - actions))), 'the actions share a row').toBeLessThan(6);
    await expect(copyLink).toBeInViewport({ ratio: 1 });
    const name = read.locator('.tc-card__heading .tc-path__name');
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  });

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
