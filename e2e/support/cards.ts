import { expect, type Locator, type Page } from '@playwright/test';

/** The session timeline (role log). */
export function timelineOf(page: Page): Locator {
  return page.getByRole('log', { name: 'Session timeline' });
}

/** A card in the timeline by its accessible name (the title a presenter gave it). */
export function card(page: Page, name: string | RegExp): Locator {
  return timelineOf(page).getByRole('article', { name });
}

/** Distinct computed text colours of the highlighted tokens in a read card. */
export async function tokenColours(readCard: Locator): Promise<string[]> {
  return readCard.locator('.tc-tok').evaluateAll((tokens) => [...new Set(tokens.map((token) => getComputedStyle(token).color))]);
}

/** Waits until a read card's code has been coloured by Shiki (at least two colours). */
export async function expectHighlighted(readCard: Locator): Promise<void> {
  await expect.poll(async () => (await tokenColours(readCard)).length, { message: 'token colours in the read card' }).toBeGreaterThanOrEqual(2);
}

/** The text of every card in the timeline, in order (for comparing live with replay). */
export async function cardTexts(page: Page): Promise<string[]> {
  return timelineOf(page)
    .getByRole('article')
    .evaluateAll((cards) => cards.map((element) => `${element.getAttribute('aria-label')}\n${(element as HTMLElement).innerText}`));
}
