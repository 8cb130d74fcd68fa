import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { ToolResultView } from '@toolcards/protocol';
import { ResultCard } from '../../apps/web/src/cards';
import { genericFixtures, searchMatchesFixtures } from '../../apps/web/src/test-support/card-fixtures';
import { centreOf, reportToRunner, type SearchCardResult } from './bench-results';
import { afterNextPaint, whenPainted } from './paint';

/**
 * The search card with 250 matches in 100 files: time to render, then the time from a
 * real click on "Expand all" (the runner clicks) until the expanded list is painted.
 * `warm`: the card joins another one (a generic card: no search code is warmed) that the
 * same React root rendered and painted first, as the timeline adds a card to a session —
 * React, the card CSS and the fonts are past their first use, which a fresh page pays
 * inside its first card of any kind.
 */
export async function searchCardScenario(container: HTMLElement, options: { warm: boolean }): Promise<SearchCardResult> {
  const view = searchMatchesFixtures.truncated;
  const matches = view.files.reduce((sum, file) => sum + file.matches.length, 0);

  const host = container.appendChild(document.createElement('div'));
  const started = options.warm ? await renderAfterAnotherCard(host, view) : renderOnItsOwn(host, view);
  const renderedAt = await whenPainted(() => host.querySelector('.tc-search__groups .tc-search__match') !== null);

  const clicked = new Promise<number>((resolve) => {
    document.addEventListener('click', (event) => resolve(event.timeStamp), { capture: true, once: true });
  });
  const expandAll = [...host.querySelectorAll('button')].find((button) => button.textContent === 'Expand all');
  if (!expandAll) throw new Error('no "Expand all" button');
  // A virtualized list shows no new rows in view when the groups in view were open already:
  // the commit shows in the list's scroll height, and in no header said closed any more.
  const list = host.querySelector<HTMLElement>('.tc-search__groups')!;
  const heightBefore = list.scrollHeight;
  reportToRunner({ phase: 'ready-for-input', at: centreOf(expandAll) });
  const clickAt = await clicked;
  const expandedAt = await whenPainted(
    () => list.scrollHeight !== heightBefore && host.querySelector('.tc-search__group-header[aria-expanded="false"]') === null,
  );
  return {
    renderMs: renderedAt - started,
    expandAllMs: expandedAt - clickAt,
    matchRows: matches,
    domRows: host.querySelectorAll('.tc-search__match').length,
    domHeaders: host.querySelectorAll('.tc-search__group-header').length,
  };
}

/** A fresh page: the card is the page's first React root and first card. */
function renderOnItsOwn(host: HTMLElement, view: ToolResultView): number {
  const started = performance.now();
  performance.mark('bench:search-card-render');
  createRoot(host).render(
    <StrictMode>
      <ResultCard view={view} />
    </StrictMode>,
  );
  return started;
}

/** A warm page: the root shows a card, painted; then `view` is added beside it, as the timeline adds a card. */
async function renderAfterAnotherCard(host: HTMLElement, view: ToolResultView): Promise<number> {
  let add: ((next: ToolResultView) => void) | undefined;
  function Cards() {
    const [views, setViews] = useState<readonly ToolResultView[]>([genericFixtures.plainOutput]);
    add = (next) => setViews((current) => [...current, next]);
    return views.map((each, index) => <ResultCard key={index} view={each} />);
  }
  createRoot(host).render(
    <StrictMode>
      <Cards />
    </StrictMode>,
  );
  await whenPainted(() => host.querySelector('.tc-card') !== null);
  await afterNextPaint();
  await afterNextPaint();
  const started = performance.now();
  performance.mark('bench:search-card-render');
  add!(view);
  return started;
}
