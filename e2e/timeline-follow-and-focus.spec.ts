import type { Page } from '@playwright/test';
import { card, timelineOf } from './support/cards';
import { generateWorkspace } from './support/generated-workspace';
import { expect, runCommand, test } from './support/test';

/** Issue 23, items 9 and 16: "Jump to latest" covers nothing; focus follows a card opened from a match. */

test.use({ workspaceFiles: {} });

/** Whether any part of the Jump button lies over the timeline's scroll area. */
async function jumpOverlapsTimeline(page: Page): Promise<number> {
  const jump = (await page.getByRole('button', { name: 'Jump to latest ↓' }).boundingBox())!;
  const scroller = (await timelineOf(page).boundingBox())!;
  return Math.max(0, scroller.y + scroller.height - jump.y);
}

for (const width of [1280, 390]) {
  test(`at ${width} px, "Jump to latest" sits under the timeline, covering no match row or Copy link`, async ({ page, toolcards }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    await generateWorkspace(toolcards.workspace, { files: 400, largeShare: 0 });
    await page.goto(toolcards.url);
    await runCommand(page, '/grep TODO src/auth');
    // The results, not the running calls ("… — running"): the wheel below scrolls a settled
    // timeline. (A wheel while a result lands is follow-end.test.ts's: the write must not eat it.)
    await expect(card(page, /^Grep TODO in src\/auth$/)).toBeVisible();
    await runCommand(page, '/grep FIXME');
    const last = card(page, /^Grep FIXME$/);
    await expect(last).toBeVisible();

    // Scrolled up a little: the button appears, and the rows it would float over stay reachable.
    await timelineOf(page).hover();
    await page.mouse.wheel(0, -300);
    const jump = page.getByRole('button', { name: 'Jump to latest ↓' });
    await expect(jump).toBeVisible();
    expect(await jumpOverlapsTimeline(page), 'px of the timeline under the Jump button').toBeLessThan(1);
    // What is at the bottom of the timeline can still be clicked: the element there is the timeline's own.
    const bottomControl = await timelineOf(page).evaluate((scroller) => {
      const box = scroller.getBoundingClientRect();
      const hit = document.elementFromPoint(box.right - 80, box.bottom - 30);
      return hit !== null && scroller.contains(hit);
    });
    expect(bottomControl, 'the bottom right of the timeline is the timeline, not a button over it').toBe(true);
    await page.screenshot({ path: `/tmp/jump-strip-${width}.png` });

    await jump.click();
    await expect(jump).toHaveCount(0);
    await expect(last.locator('.tc-card__header')).toBeInViewport();
  });
}

test('Enter on a grep match opens its read card and the focus goes with it', async ({ page, toolcards }) => {
  await generateWorkspace(toolcards.workspace, { files: 40, largeShare: 0 });
  await page.goto(toolcards.url);
  await runCommand(page, '/grep TODO');
  const grep = card(page, /^Grep TODO/);
  const match = grep.locator('.tc-search__match').first();
  await expect(match).toBeVisible();
  await match.focus();
  await page.keyboard.press('Enter');

  const read = timelineOf(page).getByRole('article', { name: /^Read / });
  await expect(read).toBeVisible();
  await expect(read, 'the new read card has the focus').toBeFocused();
  await expect(read).toBeInViewport();
  // The next key acts on what is on screen: Tab goes into the read card, not back to the match list.
  await page.keyboard.press('Tab');
  expect(await read.evaluate((element) => element.contains(document.activeElement))).toBe(true);
});
