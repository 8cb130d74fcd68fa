import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { card, timelineOf } from './support/cards';
import { generateWorkspace } from './support/generated-workspace';
import { expect, runCommand, test } from './support/test';

/**
 * Issue 23, item 3 (decision 0016): the timeline is the only scroller. A long read, a glob
 * of 100 and a grep of 250 each show a clipped preview with "Show all N …"; the wheel over
 * any of them scrolls the timeline; expanded, the card takes its whole height in the timeline.
 */

test.use({ workspaceFiles: {} });

const LONG_FILE = Array.from({ length: 1500 }, (_, index) => `export const line${index + 1} = ${index + 1};`).join('\n') + '\n';

/** Elements inside the timeline that scroll vertically on their own. */
function innerScrollers(page: Page): Promise<string[]> {
  return timelineOf(page).evaluate((timeline) =>
    [...timeline.querySelectorAll<HTMLElement>('*')]
      .filter((element) => {
        const { overflowY } = getComputedStyle(element);
        return (overflowY === 'auto' || overflowY === 'scroll') && element.scrollHeight > element.clientHeight + 1;
      })
      .map((element) => `${element.className} (${element.clientHeight} of ${element.scrollHeight} px)`),
  );
}

/** A wheel over `target` scrolls the timeline, and nothing inside the card. */
async function expectWheelScrollsTimeline(page: Page, target: Locator, what: string): Promise<void> {
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 100));
  const before = await timelineOf(page).evaluate((timeline) => timeline.scrollTop);
  await page.mouse.wheel(0, -200);
  await expect.poll(() => timelineOf(page).evaluate((timeline) => timeline.scrollTop), { message: `${what}: the wheel scrolls the timeline` }).toBeLessThan(before - 50);
  expect(await target.evaluate((element) => element.scrollTop), `${what}: the card did not scroll inside`).toBe(0);
}

for (const width of [1280, 390]) {
  test(`at ${width} px, a 1,500-line read, a glob of 100 and a grep of 250 show previews; the timeline is the only scroller`, async ({ page, toolcards }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    await generateWorkspace(toolcards.workspace, { files: 3000, largeShare: 0 });
    await writeFile(join(toolcards.workspace, 'src/long.ts'), LONG_FILE);
    await page.goto(toolcards.url);

    await runCommand(page, '/glob **/*.ts src/auth');
    const glob = card(page, /^Glob \*\*\/\*\.ts in src\/auth$/);
    await expect(glob.getByRole('button', { name: 'Show all 100 files' })).toBeVisible();
    await runCommand(page, '/grep TODO');
    const grep = card(page, /^Grep TODO$/);
    await expect(grep.getByRole('button', { name: 'Show all 250 matches' })).toBeVisible();
    await runCommand(page, '/read src/long.ts 1 1500');
    const read = card(page, /^Read src\/long\.ts/);
    const showAllLines = read.getByRole('button', { name: 'Show all 1,500 lines' });
    await expect(showAllLines).toBeVisible();
    await page.screenshot({ path: `/tmp/one-scroller-read-${width}.png` });
    expect(await innerScrollers(page), 'scrollers inside the timeline').toEqual([]);

    await expectWheelScrollsTimeline(page, read.getByRole('region', { name: 'File contents' }), 'read card');
    await grep.locator('.tc-search__groups').scrollIntoViewIfNeeded();
    await expectWheelScrollsTimeline(page, grep.locator('.tc-search__groups'), 'grep card');
    await glob.locator('.tc-search__paths').scrollIntoViewIfNeeded();
    await expectWheelScrollsTimeline(page, glob.locator('.tc-search__paths'), 'glob card');

    // Expanded, each body shows whole in the timeline.
    await glob.getByRole('button', { name: 'Show all 100 files' }).click();
    await expect(glob.locator('.tc-search__path')).toHaveCount(100);
    await expect(glob.locator('.tc-search__path').last()).toBeVisible();
    await grep.getByRole('button', { name: 'Show all 250 matches' }).click();
    await expect(grep.getByRole('button', { name: 'Show less' })).toBeVisible();
    await read.getByRole('button', { name: 'Show all 1,500 lines' }).click();
    const code = read.getByRole('region', { name: 'File contents' });
    await expect.poll(() => code.evaluate((element) => element.clientHeight), { message: 'the read shows whole' }).toBeGreaterThan(1500 * 20 - 5);
    expect(await innerScrollers(page), 'scrollers inside the timeline, expanded').toEqual([]);
    await page.screenshot({ path: `/tmp/one-scroller-expanded-${width}.png` });
    // Still virtualized, against the timeline: only the rows near the view are drawn, and
    // scrolling the timeline to the card's end draws its last lines.
    expect(await read.locator('.tc-read__row').count(), 'rows drawn of the 1,500').toBeLessThan(200);
    await read.getByRole('button', { name: 'Show less' }).scrollIntoViewIfNeeded();
    await expect(read.locator('.tc-read__gutter[data-line-number="1500"]')).toBeInViewport();
    expect(await read.locator('.tc-read__row').count(), 'rows drawn at the end').toBeLessThan(200);

    // Shown less again: the preview and its button.
    await read.getByRole('button', { name: 'Show less' }).click();
    await expect(read.getByRole('button', { name: 'Show all 1,500 lines' })).toBeInViewport();
  });
}

test('the complete result of a capped grep and a capped glob ("Show all" from the spill) takes its whole height in the timeline, virtualized against it, every row reachable by keyboard', async ({ page, toolcards, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await generateWorkspace(toolcards.workspace, { files: 3000, largeShare: 0 });
  await page.goto(toolcards.url);

  await runCommand(page, '/glob **/*.ts src/auth');
  const glob = card(page, /^Glob \*\*\/\*\.ts in src\/auth$/);
  await expect(glob.getByText('showing 100 of 150 files')).toBeVisible();
  await glob.locator('.tc-search__show-all').click();
  const paths = glob.getByRole('list', { name: 'All 150 files' });
  await expect(paths.getByRole('button', { name: /^Open / }).first()).toBeVisible();
  expect(await innerScrollers(page), 'scrollers inside the timeline, the complete glob shown').toEqual([]);
  // Whole height: the list is as tall as its rows, and only the rows near the view are drawn.
  expect(await paths.evaluate((list) => list.clientHeight), 'the complete glob shows whole').toBeGreaterThan(150 * 26 - 5);
  expect(await paths.locator('[role="listitem"]').count(), 'path rows drawn of the 150').toBeLessThan(100);
  // The keyboard reaches its last path (scrolling the timeline) and moves on from there.
  await paths.locator('[data-index="0"] button').first().focus();
  await page.keyboard.press('End');
  await expect(paths.locator('[data-index="149"] .tc-search__path')).toBeFocused();
  await expect(paths.locator('[data-index="149"] .tc-search__path')).toBeInViewport();
  await expect(paths.locator('[data-index="149"] .tc-search__path')).toHaveAccessibleName(/^Open /);
  await page.keyboard.press('ArrowUp');
  await expect(paths.locator('[data-index="148"] .tc-search__path')).toBeFocused();

  await runCommand(page, '/grep TODO');
  const grep = card(page, /^Grep TODO$/);
  await expect(grep.getByText(/showing 250 of [\d,]+ matches/)).toBeVisible();
  await grep.locator('.tc-search__show-all').click();
  const matches = grep.getByRole('list', { name: /^All [\d,]+ matches$/ });
  await expect(matches.locator('.tc-search__group-header').first()).toBeVisible();
  const files = await matches.evaluate((list) => Math.round(list.getBoundingClientRect().height / 28));

  expect(await innerScrollers(page), 'scrollers inside the timeline, the complete grep shown').toEqual([]);
  await page.screenshot({ path: '/tmp/one-scroller-full-results.png' });
  expect(files, 'files in the complete grep').toBeGreaterThan(60);
  expect(await matches.locator('[role="listitem"]').count(), `file rows drawn of about ${files}`).toBeLessThan(files);

  // The wheel over the complete list scrolls the timeline (the list runs past the view's
  // bottom: the wheel goes over its first row, on screen).
  await matches.locator('[data-index="0"]').scrollIntoViewIfNeeded();
  await expectWheelScrollsTimeline(page, matches.locator('[data-index="0"]'), 'complete grep');
  expect(await matches.evaluate((list) => list.scrollTop), 'the complete grep did not scroll inside').toBe(0);
  // End and Home reach its last file and its first, through the timeline.
  await matches.locator('.tc-search__group-header').first().focus();
  await page.keyboard.press('End');
  await expect(matches.locator('.tc-search__group-header:focus')).toBeInViewport();
  const focusedIndex = await matches.evaluate(() => Number(document.activeElement?.closest<HTMLElement>('[data-index]')?.dataset.index));
  expect(focusedIndex, 'End reaches the last file of the complete grep').toBeGreaterThan(files - 3);
  await page.keyboard.press('Home');
  await expect(matches.locator('[data-index="0"] .tc-search__group-header')).toBeFocused();
  await expect(matches.locator('[data-index="0"] .tc-search__group-header')).toBeInViewport();
  expect(await innerScrollers(page), 'scrollers inside the timeline, after the keyboard').toEqual([]);
  expect(consoleErrors).toEqual([]);
});
