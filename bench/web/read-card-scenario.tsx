import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ResultCard } from '../../apps/web/src/cards';
import { readFixtures } from '../../apps/web/src/cards/fixtures';
import type { ReadCardResult } from './bench-results';
import { HighlightProgress } from './highlight-progress';
import { LongTaskRecorder } from './long-tasks';
import { whenPainted } from './paint';

/** The read card with the read tool's largest window: 2,000 lines of TypeScript. */
export async function readCardScenario(container: HTMLElement): Promise<ReadCardResult> {
  const view = readFixtures.longTypescript;
  const progress = HighlightProgress.install();
  const longTasks = new LongTaskRecorder();

  const started = performance.now();
  createRoot(container).render(
    <StrictMode>
      <ResultCard view={view} />
    </StrictMode>,
  );
  const firstText = whenPainted(() => (container.querySelector('.tc-read__row .tc-read__code')?.textContent ?? '') !== '');
  const visibleColoured = whenPainted(() => visibleRowsColoured(container));
  const wholeColoured = progress.whenLinesArrived(view.lines.length).then(() => whenPainted(() => true));
  const [firstTextAt, visibleColouredAt, wholeColouredAt] = await Promise.all([firstText, visibleColoured, wholeColoured]);

  const result: ReadCardResult = {
    firstTextMs: firstTextAt - started,
    visibleColouredMs: visibleColouredAt - started,
    wholeColouredMs: wholeColouredAt - started,
    longestTaskMs: longTasks.longestBetween(started, wholeColouredAt),
    longTasks: longTasks.countBetween(started, wholeColouredAt),
    domRows: container.querySelectorAll('.tc-read__row').length,
    lastRowsColoured: false,
  };
  // Not timed: the end of the window must be coloured too, or "whole window" measured nothing.
  const viewport = container.querySelector<HTMLElement>('.tc-read__viewport')!;
  viewport.scrollTop = viewport.scrollHeight;
  await whenPainted(() => container.querySelector(`.tc-read__row[data-index="${view.lines.length - 1}"]`) !== null);
  result.lastRowsColoured = visibleRowsColoured(container);
  return result;
}

/** Every row inside the card's scroll viewport shows tokens (an empty line holds a <br>). */
function visibleRowsColoured(container: HTMLElement): boolean {
  const viewport = container.querySelector<HTMLElement>('.tc-read__viewport');
  if (!viewport) return false;
  const box = viewport.getBoundingClientRect();
  const bottom = Math.min(box.bottom, window.innerHeight);
  let visible = 0;
  for (const row of viewport.querySelectorAll<HTMLElement>('.tc-read__row')) {
    const rowBox = row.getBoundingClientRect();
    if (rowBox.bottom <= box.top || rowBox.top >= bottom) continue;
    visible += 1;
    const code = row.querySelector('.tc-read__code');
    if (!code || (code.querySelector('.tc-tok') === null && code.querySelector('br') === null)) return false;
  }
  return visible > 0;
}
