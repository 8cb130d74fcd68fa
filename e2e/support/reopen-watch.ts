import type { Locator, Page } from '@playwright/test';
import { timelineOf } from './cards';

/**
 * What a person must never see while a finished session reopens: a pending call card (its
 * spinner, "running…") or the composer's Cancel button. Selectors: apps/web/src/cards/call-card.tsx
 * (`article.tc-card--call[aria-busy="true"]`, `.tc-call__spinner`) and the composer's Cancel
 * (apps/web/src/composer/composer.tsx, `.composer__cancel`, a button named "Cancel").
 */
export interface PendingUiRecord {
  /** Accessible names of pending call cards that were in the page, first sightings first. */
  pendingCards: string[];
  spinners: number;
  cancelButtons: number;
  /** ms after navigation start of the first sighting, if any. */
  firstSeenMs: number | null;
}

/**
 * Watches every document this page loads from now on (a MutationObserver installed before
 * the app's scripts run, so nothing rendered in between escapes it, however briefly).
 */
export async function watchForPendingUi(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = { pendingCards: [] as string[], spinners: 0, cancelButtons: 0, firstSeenMs: null as number | null };
    (window as unknown as { __toolcardsPendingUi: typeof record }).__toolcardsPendingUi = record;
    const seen = new WeakSet<Element>();
    const note = (element: Element, kind: 'card' | 'spinner' | 'cancel') => {
      if (seen.has(element)) return;
      seen.add(element);
      record.firstSeenMs ??= performance.now();
      if (kind === 'card') record.pendingCards.push(element.getAttribute('aria-label') ?? '(unnamed)');
      else if (kind === 'spinner') record.spinners += 1;
      else record.cancelButtons += 1;
    };
    const scan = () => {
      for (const element of document.querySelectorAll('article.tc-card--call[aria-busy="true"]')) note(element, 'card');
      for (const element of document.querySelectorAll('.tc-call__spinner')) note(element, 'spinner');
      for (const element of document.querySelectorAll('button')) {
        if (element.classList.contains('composer__cancel') || element.textContent?.trim() === 'Cancel') note(element, 'cancel');
      }
    };
    new MutationObserver(scan).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy', 'class'] });
  });
}

export async function pendingUiSeen(page: Page): Promise<PendingUiRecord> {
  return page.evaluate(() => (window as unknown as { __toolcardsPendingUi: PendingUiRecord }).__toolcardsPendingUi);
}

/**
 * Whether every event of the session is loaded: the scroller's `data-history="complete"`
 * (tail-first loading, issue 12) or, for a client without that attribute, `aria-busy="false"`.
 */
export async function historyState(page: Page): Promise<string> {
  const scroller = timelineOf(page);
  const history = await scroller.getAttribute('data-history');
  if (history !== null) return history;
  return (await scroller.getAttribute('aria-busy')) === 'false' ? 'complete' : 'partial';
}

/** The topmost card rendered in the timeline (the row with the lowest index), or undefined. */
export async function topmostCard(page: Page): Promise<{ label: string | null; index: number; scrollTop: number } | undefined> {
  return timelineOf(page).evaluate((scroller) => {
    let best: { label: string | null; index: number } | undefined;
    for (const row of scroller.querySelectorAll('.timeline__row[data-index]')) {
      const article = row.querySelector('article');
      const index = Number(row.getAttribute('data-index'));
      if (article && (best === undefined || index < best.index)) best = { label: article.getAttribute('aria-label'), index };
    }
    return best && { ...best, scrollTop: scroller.scrollTop };
  });
}

/** Scrolls a locator's scroll container up with the mouse wheel, as a person does. */
export async function wheelUp(page: Page, over: Locator, pixels: number): Promise<void> {
  const box = await over.boundingBox();
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -pixels);
}
