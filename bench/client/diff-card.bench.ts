import type { BenchDefinition } from '../bench-context';
import { measuredFigure } from '../figures';
import type { ReadCardResult } from '../web/bench-results';
import type { DiffCardResult } from '../web/diff-card-scenario';

export const diffCardBench: BenchDefinition = {
  name: 'diff-card',
  about:
    'diff card of 2,000 TypeScript lines (every 10th changed: both sides 2,000 lines), pre-warmed page: first text, visible rows coloured, ' +
    'longest task, DOM rows; the pre-warmed 2,000-line read card run pair by pair with it as the baseline',
  async run(context) {
    const harness = await context.client();
    const diffs: DiffCardResult[] = [];
    const reads: ReadCardResult[] = [];
    for (let index = 0; index < context.runs; index += 1) {
      const diff = await harness.runScenario<DiffCardResult>('diff-card');
      await diff.close();
      diffs.push(diff.result);
      const read = await harness.runScenario<ReadCardResult>('read-card', { prewarmed: 1 });
      await read.close();
      reads.push(read.result);
    }
    const pick = (key: keyof DiffCardResult) => diffs.map((result) => result[key]);
    return {
      figures: [
        measuredFigure('diff-card.first-text', 'diff card 2,000 TypeScript lines, pre-warmed: first text painted', 'ms', pick('firstTextMs'), { op: '≤', value: 50 }),
        measuredFigure('diff-card.visible-coloured', 'diff card 2,000 TypeScript lines, pre-warmed: visible rows coloured', 'ms', pick('visibleColouredMs'), { op: '≤', value: 150 }),
        measuredFigure('diff-card.longest-task', 'diff card: longest main-thread task until visible rows coloured', 'ms-longtask', pick('longestTaskMs'), { op: '≤', value: 50 }),
        measuredFigure('diff-card.dom-rows', 'diff card: DOM rows (virtualized)', 'count', pick('domRows')),
        measuredFigure('diff-card.read-baseline-first-text', 'read card 2,000 lines, pre-warmed, same run: first text painted (baseline)', 'ms', reads.map((result) => result.firstTextMs)),
        measuredFigure('diff-card.read-baseline', 'read card 2,000 lines, pre-warmed, same run: visible rows coloured (baseline)', 'ms', reads.map((result) => result.visibleColouredMs)),
        measuredFigure(
          'diff-card.ratio',
          'diff / read card: visible rows coloured (pairs)',
          'ratio',
          diffs.map((result, index) => result.visibleColouredMs / reads[index]!.visibleColouredMs),
        ),
      ],
      details: [
        'Times run from `render()` of the card to the paint that shows the state (rAF + posted task). Each page first runs the app’s idle',
        'warm-up to its end; the diff card is imported by the page (its code loaded, as after the first diff card of a session). Each side',
        '(old and new, 2,000 lines each) is highlighted as its own window: first its head (25 lines, one worker chunk), the full side once',
        'both heads are coloured; the rows on screen wait for both heads. The card shows its 448 px preview (22 rows), as in the app.',
      ],
    };
  },
};
