import type { BenchDefinition } from '../bench-context';
import { measuredFigure } from '../figures';
import type { ReadCardResult } from '../web/bench-results';
import { measureHighlightCost, type HighlightCost } from './highlight-cost';

export const readCardBench: BenchDefinition = {
  name: 'read-card',
  about: 'read card with a 2,000-line TypeScript window (fixture `longTypescript`), fresh page each run: text, colours, long tasks, DOM rows',
  async run(context) {
    const harness = await context.client();
    const results: ReadCardResult[] = [];
    for (let index = 0; index < context.runs; index += 1) {
      const run = await harness.runScenario<ReadCardResult>('read-card');
      await run.close();
      if (!run.result.lastRowsColoured) throw new Error('the last rows of the window were never coloured');
      results.push(run.result);
    }
    // The worker's share, without a browser: the same highlighting code in Node, CPU time.
    const costs: HighlightCost[] = [];
    for (let index = 0; index < context.runs; index += 1) costs.push(await measureHighlightCost(context.repoRoot));
    const pick = (key: keyof ReadCardResult) => results.map((result) => Number(result[key]));
    const cost = (key: keyof HighlightCost) => costs.map((sample) => sample[key]);
    return {
      figures: [
        measuredFigure('read-card.first-text', 'read card 2,000 lines: first text painted', 'ms', pick('firstTextMs'), { op: '≤', value: 50 }),
        measuredFigure('read-card.visible-coloured', 'read card: visible rows coloured', 'ms', pick('visibleColouredMs'), { op: '≤', value: 150 }),
        measuredFigure('read-card.whole-coloured', 'read card: whole window coloured', 'ms', pick('wholeColouredMs')),
        measuredFigure('read-card.longest-task', 'read card: longest main-thread task until whole window coloured', 'ms-longtask', pick('longestTaskMs'), { op: '≤', value: 50 }),
        measuredFigure('read-card.dom-rows', 'read card: DOM rows (virtualized)', 'count', pick('domRows')),
        measuredFigure('read-card.shiki-first-chunk', 'same highlighting in Node, fresh process: first 80 lines (CPU)', 'ms', cost('firstChunkMs')),
        measuredFigure('read-card.shiki-cold-window', 'same highlighting in Node, fresh process: 2,000 lines (CPU)', 'ms', cost('coldWindowMs')),
        measuredFigure('read-card.shiki-warm-window', 'same highlighting in Node, compiled: 2,000 lines (CPU)', 'ms', cost('warmWindowMs')),
      ],
      details: [
        'Times run from `render()` of the card to the paint that shows the state (rAF + posted task). The page is fresh each run:',
        'the highlight worker, Shiki and the TypeScript grammar are fetched and compiled within the measured time, as on a first card.',
        '"Whole window coloured" is when the worker\'s last token chunk has been committed and painted.',
        `Long tasks seen per run: ${results.map((result) => result.longTasks).join(', ')}.`,
        'The three Node rows run highlight-window.ts itself (Shiki core, JavaScript regex engine, github-light-default + github-dark-default) and',
        'count CPU time, so they show the highlighting cost of this machine whatever else runs on it.',
      ],
    };
  },
};
