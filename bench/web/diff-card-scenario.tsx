import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { DiffResultView } from '@toolcards/protocol';
import { readFixtures } from '../../apps/web/src/test-support/card-fixtures';
import { DiffCard } from '../../apps/web/src/cards/diff/diff-card';
import { LIKELY_LANGS, warmLikelyHighlights } from '../../apps/web/src/highlight/highlight-client';
import { HighlightProgress } from './highlight-progress';
import { LongTaskRecorder } from './long-tasks';
import { afterNextPaint, whenPainted } from './paint';

export interface DiffCardResult {
  firstTextMs: number;
  visibleColouredMs: number;
  longestTaskMs: number;
  domRows: number;
}

/** Every 10th line of the read card's 2,000 TypeScript lines changed: one hunk, both sides 2,000 lines. */
function longTypescriptDiff(): DiffResultView {
  const texts = readFixtures.longTypescript.lines.map((line) => line.text);
  const lines = texts.flatMap((text, index) => (index % 10 === 5 ? [`-${text}`, `+${text.replace(/;\s*$/, '')} ?? undefined;`] : [` ${text}`]));
  return {
    card: 'diff',
    files: [{ path: readFixtures.longTypescript.path, status: 'modified', lang: 'typescript', hunks: [{ oldStart: 1, oldLines: texts.length, newStart: 1, newLines: texts.length, lines }] }],
  };
}

/**
 * The diff card of 2,000 TypeScript lines on a page whose idle warm-up has run (the grammar
 * compiled) and whose diff code is loaded (imported here, as after the first diff card of a
 * session): from render() to the paint where every row on screen has its colours.
 */
export async function diffCardScenario(container: HTMLElement): Promise<DiffCardResult> {
  const view = longTypescriptDiff();
  const progress = HighlightProgress.install();
  warmLikelyHighlights();
  await progress.whenWarmed(LIKELY_LANGS);
  await afterNextPaint();
  await afterNextPaint();
  const longTasks = new LongTaskRecorder();
  const started = performance.now();
  performance.mark('bench:render'); // lines a trace up with the card's render
  createRoot(container).render(
    <StrictMode>
      <DiffCard view={view} />
    </StrictMode>,
  );
  const firstText = whenPainted(() => (container.querySelector('.tc-diff__row .tc-diff__code')?.textContent ?? '') !== '');
  const visibleColoured = whenPainted(() => visibleDiffRowsColoured(container));
  const [firstTextAt, visibleColouredAt] = await Promise.all([firstText, visibleColoured]);
  return {
    firstTextMs: firstTextAt - started,
    visibleColouredMs: visibleColouredAt - started,
    longestTaskMs: longTasks.longestBetween(started, visibleColouredAt),
    domRows: container.querySelectorAll('.tc-diff__row').length,
  };
}

/** Every diff row inside the card's viewport shows tokens (an empty line holds a <br>). */
function visibleDiffRowsColoured(container: HTMLElement): boolean {
  const viewport = container.querySelector<HTMLElement>('.tc-diff__viewport');
  if (!viewport) return false;
  const box = viewport.getBoundingClientRect();
  const bottom = Math.min(box.bottom, window.innerHeight);
  let visible = 0;
  for (const row of viewport.querySelectorAll<HTMLElement>('.tc-diff__row')) {
    const rowBox = row.getBoundingClientRect();
    if (rowBox.bottom <= box.top || rowBox.top >= bottom) continue;
    visible += 1;
    const code = row.querySelector('.tc-diff__code');
    if (!code || (code.querySelector('.tc-tok') === null && code.querySelector('br') === null)) return false;
  }
  return visible > 0;
}
