import type { BenchDefinition } from '../bench-context';
import { measuredFigure } from '../figures';
import type { LiveReadResult, LongLinesResult, ReadCardResult } from '../web/bench-results';
import { measureHighlightCost, type HighlightCost } from './highlight-cost';

export const readCardBench: BenchDefinition = {
  name: 'read-card',
  about:
    'read card with a 2,000-line TypeScript window (fixture `longTypescript`), fresh page each run: text, colours, long tasks, DOM rows; ' +
    'cold and after the idle warm-up; a normal card after a card of 21 lines of 20,000 chars; the window arriving as a live result frame through the store',
  async run(context) {
    const harness = await context.client();
    const results: ReadCardResult[] = [];
    for (let index = 0; index < context.runs; index += 1) {
      const run = await harness.runScenario<ReadCardResult>('read-card');
      await run.close();
      if (!run.result.lastRowsColoured) throw new Error('the last rows of the window were never coloured');
      results.push(run.result);
    }
    // The same card on a page whose idle warm-up (warmLikelyHighlights) has finished.
    const prewarmed: ReadCardResult[] = [];
    for (let index = 0; index < context.runs; index += 1) {
      const run = await harness.runScenario<ReadCardResult>('read-card', { prewarmed: 1 });
      await run.close();
      if (!run.result.lastRowsColoured) throw new Error('the last rows of the pre-warmed window were never coloured');
      prewarmed.push(run.result);
    }
    const longLines: LongLinesResult[] = [];
    for (let index = 0; index < context.runs; index += 1) {
      const run = await harness.runScenario<LongLinesResult>('long-lines');
      await run.close();
      longLines.push(run.result);
    }
    // The same window arriving as a live frame through the store: highlighting asked for at
    // ingest, and (for comparison, pair by pair) at the card's mount.
    const live: LiveReadResult[] = [];
    const liveAtMount: LiveReadResult[] = [];
    for (let index = 0; index < context.runs; index += 1) {
      for (const [ingest, into] of [[1, live], [0, liveAtMount]] as const) {
        const run = await harness.runScenario<LiveReadResult>('live-read', { ingest });
        await run.close();
        into.push(run.result);
      }
    }
    // The worker's share, without a browser: the same highlighting code in Node, CPU time.
    const costs: HighlightCost[] = [];
    for (let index = 0; index < context.runs; index += 1) costs.push(await measureHighlightCost(context.repoRoot));
    const pick = (key: keyof ReadCardResult, from: readonly ReadCardResult[] = results) => from.map((result) => Number(result[key]));
    const pickLong = (key: keyof LongLinesResult) => longLines.map((result) => result[key]);
    const pickLive = (key: keyof LiveReadResult, from: readonly LiveReadResult[]) => from.map((result) => result[key]);
    const cost = (key: keyof HighlightCost) => costs.map((sample) => sample[key]);
    return {
      figures: [
        measuredFigure('read-card.first-text', 'read card 2,000 lines: first text painted', 'ms', pick('firstTextMs'), { op: '≤', value: 50 }),
        measuredFigure('read-card.visible-coloured', 'read card: visible rows coloured', 'ms', pick('visibleColouredMs'), { op: '≤', value: 150 }),
        measuredFigure('read-card.whole-coloured', 'read card: whole window coloured', 'ms', pick('wholeColouredMs')),
        measuredFigure('read-card.longest-task', 'read card: longest main-thread task until whole window coloured', 'ms-longtask', pick('longestTaskMs'), { op: '≤', value: 50 }),
        measuredFigure('read-card.dom-rows', 'read card: DOM rows (virtualized)', 'count', pick('domRows')),
        measuredFigure('read-card.prewarmed-first-text', 'read card, pre-warmed (idle warm-up done): first text painted', 'ms', pick('firstTextMs', prewarmed), { op: '≤', value: 50 }),
        measuredFigure('read-card.prewarmed-visible-coloured', 'read card, pre-warmed: visible rows coloured', 'ms', pick('visibleColouredMs', prewarmed), { op: '≤', value: 150 }),
        measuredFigure('read-card.prewarmed-whole-coloured', 'read card, pre-warmed: whole window coloured', 'ms', pick('wholeColouredMs', prewarmed)),
        measuredFigure('read-card.prewarmed-longest-task', 'read card, pre-warmed: longest main-thread task until whole window coloured', 'ms-longtask', pick('longestTaskMs', prewarmed), { op: '≤', value: 50 }),
        measuredFigure('read-card.long-lines-next-card', 'after a read card of 21 lines × 20,000 chars: next TypeScript card, visible rows coloured', 'ms', pickLong('normalVisibleColouredMs'), { op: '≤', value: 150 }),
        measuredFigure('read-card.long-lines-card', 'the 21 × 20,000-char read card itself: visible rows coloured', 'ms', pickLong('longVisibleColouredMs')),
        measuredFigure('read-card.long-lines-longest-task', 'long lines: longest main-thread task until both cards coloured', 'ms-longtask', pickLong('longestTaskMs')),
        measuredFigure('read-card.live-first-text', 'read card from a live result frame (store, pre-warmed): first text painted', 'ms', pickLive('firstTextMs', live)),
        measuredFigure('read-card.live-visible-coloured', 'read card from a live result frame, highlighting asked and view validated at ingest: visible rows coloured', 'ms', pickLive('visibleColouredMs', live), { op: '≤', value: 150 }),
        measuredFigure('read-card.live-visible-coloured-at-mount', 'the same, both left to the card’s mount (comparison): visible rows coloured', 'ms', pickLive('visibleColouredMs', liveAtMount)),
        measuredFigure('read-card.live-longest-task', 'read card from a live result frame: longest main-thread task until visible rows coloured', 'ms-longtask', pickLive('longestTaskMs', live), { op: '≤', value: 50 }),
        measuredFigure('read-card.shiki-first-chunk', 'same highlighting in Node, fresh process: first 25 lines, the visible rows (CPU)', 'ms', cost('firstChunkMs')),
        measuredFigure('read-card.shiki-cold-window', 'same highlighting in Node, fresh process: 2,000 lines (CPU)', 'ms', cost('coldWindowMs')),
        measuredFigure('read-card.shiki-warm-window', 'same highlighting in Node, compiled: 2,000 lines (CPU)', 'ms', cost('warmWindowMs')),
      ],
      details: [
        'Times run from `render()` of the card to the paint that shows the state (rAF + posted task). The page is fresh each run:',
        'the highlight worker, Shiki and the TypeScript grammar are fetched and compiled within the measured time, as on a first card.',
        '"Whole window coloured" is when the worker\'s last token chunk has been committed and painted.',
        `Long tasks seen per run: ${results.map((result) => result.longTasks).join(', ')}.`,
        'Pre-warmed: the page first runs the app’s idle warm-up (`warmLikelyHighlights`: TypeScript, TSX, JavaScript, JSON, Markdown, Python)',
        'to its end, then renders the same card. Long lines: with the TypeScript grammar warm, a read card of 21 minified lines of 20,000',
        'characters, and once its text is painted a normal TypeScript card (fixture `typescript`) beside it, timed from its own render.',
        `Long tasks seen per run (pre-warmed): ${prewarmed.map((result) => result.longTasks).join(', ')}.`,
        'Live result frame: a ClientState takes the `tool/call` and `tool/result` frames of the same window and publishes at the next',
        'animation frame, as the client does; the card mounts from the store. Timed from the frames\' arrival, TypeScript warm. "At ingest"',
        'is the app (ClientState with `prepareLiveResult`: the highlighting asked for, the view validated in a task of its own); "at the',
        'card\'s mount" leaves both to the card, run pair by pair with it.',
        'The three Node rows run highlight-window.ts itself (Shiki core and the JavaScript engine on precompiled grammars, one grammar',
        'pass per line coloured for github-light-default + github-dark-default) and count CPU time, so they show the highlighting',
        'cost of this machine whatever else runs on it.',
      ],
    };
  },
};
