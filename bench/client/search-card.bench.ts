import type { BenchDefinition } from '../bench-context';
import { measuredFigure } from '../figures';
import type { SearchCardResult } from '../web/bench-results';

export const searchCardBench: BenchDefinition = {
  name: 'search-card',
  about: 'search card with 250 matches in 100 files (fixture `truncated`): render, then a real click on "Expand all"',
  async run(context) {
    const harness = await context.client();
    const results: SearchCardResult[] = [];
    for (let index = 0; index < context.runs; index += 1) {
      const run = await harness.runScenario<SearchCardResult>('search-card', {}, async (page, at) => {
        await page.mouse.click(at.x, at.y);
      });
      await run.close();
      if (run.result.matchRows !== 250) throw new Error(`expected 250 match rows, saw ${run.result.matchRows}`);
      results.push(run.result);
    }
    return {
      figures: [
        measuredFigure('search-card.render', 'search card 250 matches / 100 files: render', 'ms', results.map((result) => result.renderMs), { op: '≤', value: 50 }),
        measuredFigure('search-card.expand-all', 'search card: expand all (click → 250 rows painted)', 'ms', results.map((result) => result.expandAllMs), { op: '≤', value: 100 }),
      ],
      details: ['Expand-all is timed from the click event\'s timestamp (Playwright mouse input) to the paint showing all 250 rows.'],
    };
  },
};
