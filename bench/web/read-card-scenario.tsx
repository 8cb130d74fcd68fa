import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ResultCard, warmHighlight } from '../../apps/web/src/cards';
import { readFixtures } from '../../apps/web/src/test-support/card-fixtures';
import { LIKELY_LANGS, warmLikelyHighlights } from '../../apps/web/src/highlight/highlight-client';
import type { LongLinesResult, ReadCardResult } from './bench-results';
import { HighlightProgress } from './highlight-progress';
import { LongTaskRecorder } from './long-tasks';
import { afterNextPaint, whenPainted } from './paint';
import { visibleRowsColoured } from './visible-rows-coloured';

/**
 * The read card with the read tool's largest window: 2,000 lines of TypeScript. `prewarmed`:
 * the app's idle warm-up (warmLikelyHighlights) has run to its end before the card renders,
 * as it has on a page that was idle a moment before its first read; otherwise the worker,
 * Shiki and the grammar are fetched and compiled within the measured time.
 */
export async function readCardScenario(container: HTMLElement, { prewarmed = false } = {}): Promise<ReadCardResult> {
  const view = readFixtures.longTypescript;
  const progress = HighlightProgress.install();
  if (prewarmed) {
    warmLikelyHighlights();
    await progress.whenWarmed(LIKELY_LANGS);
    await afterNextPaint();
    await afterNextPaint();
  }
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

/** Lines of the long-lines card, and their length: minified code, as a bundle read by mistake. */
const LONG_LINES = 21;
const LONG_LINE_CHARS = 20_000;

function minifiedLine(seed: number): string {
  let line = '';
  for (let index = 0; line.length < LONG_LINE_CHARS; index += 1) {
    line += `var a${seed}_${index}=function(b,c){return b+"s${index}"+c*${index}.5||/x${index}\\d+/g.test(b)?{k:[${index},null]}:\`t\${b}\`};`;
  }
  return line.slice(0, LONG_LINE_CHARS);
}

/**
 * A read card of 21 lines of 20,000 characters, then — while the worker is on it — a normal
 * TypeScript card beside it, whose visible rows are timed from its own render. The grammar
 * is warm (as after the app's idle warm-up), so the figure is what the long lines cost the
 * next card: a line's tokenization is capped, and the newest card's window goes first.
 */
export async function longLinesScenario(container: HTMLElement): Promise<LongLinesResult> {
  const progress = HighlightProgress.install();
  warmHighlight('typescript');
  await progress.whenWarmed(['typescript']);
  await afterNextPaint();
  await afterNextPaint();
  const longView = {
    ...readFixtures.typescript,
    path: 'dist/bundle.min.ts',
    lines: Array.from({ length: LONG_LINES }, (_, index) => ({ number: index + 1, text: minifiedLine(index) })),
    totalLines: LONG_LINES,
  };
  const [longBox, normalBox] = [document.createElement('div'), document.createElement('div')];
  // Side by side, so both cards' rows are on screen.
  container.style.display = 'grid';
  container.style.gridTemplateColumns = '1fr 1fr';
  container.append(longBox, normalBox);
  const longTasks = new LongTaskRecorder();

  const started = performance.now();
  createRoot(longBox).render(
    <StrictMode>
      <ResultCard view={longView} />
    </StrictMode>,
  );
  const longColoured = whenPainted(() => visibleRowsColoured(longBox));
  await whenPainted(() => (longBox.querySelector('.tc-read__row .tc-read__code')?.textContent ?? '') !== '');
  const normalStarted = performance.now();
  createRoot(normalBox).render(
    <StrictMode>
      <ResultCard view={readFixtures.typescript} />
    </StrictMode>,
  );
  const normalColoured = whenPainted(() => visibleRowsColoured(normalBox));
  const [longAt, normalAt] = await Promise.all([longColoured, normalColoured]);
  return {
    normalVisibleColouredMs: normalAt - normalStarted,
    longVisibleColouredMs: longAt - started,
    longestTaskMs: longTasks.longestBetween(started, Math.max(longAt, normalAt)),
  };
}
