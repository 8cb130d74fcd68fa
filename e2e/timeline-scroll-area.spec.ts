import type { Locator, Page } from '@playwright/test';
import { card, timelineOf } from './support/cards';
import { generateWorkspace } from './support/generated-workspace';
import { expect, runCommand, test } from './support/test';

/**
 * Issue 23, item 1: on a real-size workspace (3,000 files) a glob of 100 paths, a grep of
 * 250 matches and their "Show all" each leave the new card on screen, and the timeline's
 * scroll area ends at its last card: nothing inside a card stretches it (a visually hidden
 * label placed against the timeline row once made 100 path rows add ~1,700 px of blank page).
 */

/** How far the timeline scrolls past the bottom of its last row (its own bottom padding aside). */
function blankBelowLastRow(page: Page): Promise<number> {
  return timelineOf(page).evaluate((scroller) => {
    const rows = [...scroller.querySelectorAll('.timeline__row')];
    const top = scroller.getBoundingClientRect().top - scroller.scrollTop;
    const lastBottom = Math.max(...rows.map((row) => row.getBoundingClientRect().bottom - top));
    const padding = parseFloat(getComputedStyle(scroller).paddingBottom) || 0;
    return scroller.scrollHeight - lastBottom - padding;
  });
}

/** The new card is on screen from its header (title, counts, actions) down, and nothing lies past the end. */
async function expectShownAtEnd(page: Page, newCard: Locator, what: string): Promise<void> {
  await expect.poll(() => blankBelowLastRow(page), { message: `${what}: the scroll area ends at the last card` }).toBeLessThan(4);
  await expect(newCard, `${what}: the card is on screen`).toBeInViewport();
  // Issue 23, item 2: a card taller than the view arrives with its top shown, not its bottom.
  await expect(newCard.locator('.tc-card__header'), `${what}: its header is on screen`).toBeInViewport({ ratio: 1 });
}

test.use({ workspaceFiles: {} });

for (const width of [1280, 390]) {
  test(`at ${width} px, a glob of 100, a grep of 250 and Show all keep the new card on screen and the page ends at the last card`, async ({ page, toolcards, consoleErrors }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    await generateWorkspace(toolcards.workspace, { files: 3000, largeShare: 0 });
    await page.goto(toolcards.url);

    await runCommand(page, '/glob **/*.ts src/auth');
    const glob = card(page, /^Glob \*\*\/\*\.ts in src\/auth/);
    await expect(glob.getByText('showing 100 of 150 files')).toBeVisible();
    await expectShownAtEnd(page, glob, 'glob of 100');
    // Every visually hidden label is placed against its own holder, inside what clips it.
    const escaping = await timelineOf(page).evaluate((scroller) =>
      // A label not drawn (its row's actions hidden on a phone) has no offset parent and takes no room.
      [...scroller.querySelectorAll<HTMLElement>('.tc-visually-hidden')].filter((label) => label.offsetParent !== null && label.offsetParent !== label.parentElement).length,
    );
    expect(escaping, 'visually hidden labels not placed against their own holder').toBe(0);
    await page.screenshot({ path: `/tmp/scroll-area-glob-${width}.png` });

    await runCommand(page, '/read README.md');
    await expectShownAtEnd(page, card(page, /^Read README\.md/), 'read after the glob');

    await runCommand(page, '/grep TODO');
    const grep = card(page, /^Grep TODO/);
    await expect(grep.getByText(/showing 250 of [\d,]+ matches/)).toBeVisible();
    await expectShownAtEnd(page, grep, 'grep of 250');
    await page.screenshot({ path: `/tmp/scroll-area-grep-${width}.png` });

    // The complete result (read from the spill), not the preview's "Show all 250 matches".
    await grep.locator('.tc-search__show-all').click();
    await expect(grep.getByRole('button', { name: 'Show the first page only' })).toBeVisible();
    await expect.poll(() => blankBelowLastRow(page), { message: 'Show all: the scroll area ends at the last card' }).toBeLessThan(4);
    // The person's click made it grow: the view stays where it was, header and button in place.
    await expect(grep.getByRole('button', { name: 'Show the first page only' })).toBeInViewport();

    await glob.scrollIntoViewIfNeeded();
    await glob.locator('.tc-search__show-all').click();
    await expect(glob.getByRole('button', { name: 'Show the first page only' })).toBeVisible();
    await expect.poll(() => blankBelowLastRow(page), { message: 'glob Show all: the scroll area ends at the last card' }).toBeLessThan(4);

    await runCommand(page, '/read README.md 1 2');
    await expectShownAtEnd(page, card(page, /^Read README\.md \(1 - 2\)/), 'read after Show all');
    await page.screenshot({ path: `/tmp/scroll-area-end-${width}.png` });
    expect(consoleErrors).toEqual([]);
  });
}

test('cards whose code comes late (a slow network): commands sent at once wait for it, and every card arrives whole, never as a "Loading…" stand-in', async ({ page, toolcards, consoleErrors }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 800 });
  await generateWorkspace(toolcards.workspace, { files: 3000, largeShare: 0 });
  // Every stand-in the timeline ever shows, seen as it is added (a flash between checks counts).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { standIns: string[] }).standIns = seen;
    new MutationObserver(() => {
      for (const card of document.querySelectorAll('[role="log"] article')) if (card.textContent?.includes('Loading…')) seen.push(card.getAttribute('aria-label') ?? '?');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(search-cards|read-card)-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(toolcards.url);
  await runCommand(page, '/glob **/*.ts src/auth');
  await runCommand(page, '/read README.md');
  await runCommand(page, '/grep TODO');
  await page.waitForTimeout(1_000);
  expect(await timelineOf(page).getByRole('article').count(), 'nothing is drawn before the cards can be').toBe(0);
  release();

  const grep = card(page, /^Grep TODO/);
  await expect(grep.getByText(/showing 250 of [\d,]+ matches/)).toBeVisible();
  await expect(card(page, /^Glob \*\*\/\*\.ts in src\/auth/).getByText('showing 100 of 150 files')).toBeAttached();
  await expect(card(page, /^Read README\.md/)).toBeAttached();
  await expectShownAtEnd(page, grep, 'grep after late card code');
  expect(await page.evaluate(() => (window as unknown as { standIns: string[] }).standIns), 'stand-ins shown').toEqual([]);
  expect(consoleErrors).toEqual([]);
});
