import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ResultCard } from '../../apps/web/src/cards';
import { searchMatchesFixtures } from '../../apps/web/src/cards/fixtures';
import { centreOf, reportToRunner, type SearchCardResult } from './bench-results';
import { whenPainted } from './paint';

/**
 * The search card with 250 matches in 100 files: time to render, then the time from a
 * real click on "Expand all" (the runner clicks) until all 250 rows are painted.
 */
export async function searchCardScenario(container: HTMLElement): Promise<SearchCardResult> {
  const view = searchMatchesFixtures.truncated;
  const matches = view.files.reduce((sum, file) => sum + file.matches.length, 0);

  const started = performance.now();
  createRoot(container).render(
    <StrictMode>
      <ResultCard view={view} />
    </StrictMode>,
  );
  const renderedAt = await whenPainted(() => container.querySelector('.tc-search__groups') !== null);

  const clicked = new Promise<number>((resolve) => {
    document.addEventListener('click', (event) => resolve(event.timeStamp), { capture: true, once: true });
  });
  const expandAll = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Expand all');
  if (!expandAll) throw new Error('no "Expand all" button');
  reportToRunner({ phase: 'ready-for-input', at: centreOf(expandAll) });
  const clickAt = await clicked;
  const expandedAt = await whenPainted(() => container.querySelectorAll('.tc-search__match').length === matches);
  return { renderMs: renderedAt - started, expandAllMs: expandedAt - clickAt, matchRows: matches };
}
