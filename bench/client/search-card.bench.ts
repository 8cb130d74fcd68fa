import type { BenchDefinition } from '../bench-context';
import { measuredFigure } from '../figures';
import type { SearchCardResult } from '../web/bench-results';

export const searchCardBench: BenchDefinition = {
  name: 'search-card',
  about:
    'search card with 250 matches in 100 files (fixture `truncated`): render on a warm page and on a fresh one, ' +
    'then a real click on "Expand all", with the DOM rows it leaves',
  async run(context) {
    const harness = await context.client();
    const fresh: SearchCardResult[] = [];
    const warm: SearchCardResult[] = [];
    for (let index = 0; index < context.runs; index += 1) {
      // Fresh and warm pages in turn, so both see the same load.
      for (const [results, params] of [[fresh, {}], [warm, { warm: 1 }]] as const) {
        const run = await harness.runScenario<SearchCardResult>('search-card', params, async (page, at) => {
          await page.mouse.click(at.x, at.y);
        });
        await run.close();
        if (run.result.matchRows !== 250) throw new Error(`expected 250 match rows, saw ${run.result.matchRows}`);
        results.push(run.result);
      }
    }
    const pick = (from: readonly SearchCardResult[], key: keyof SearchCardResult) => from.map((result) => result[key]);
    return {
      figures: [
        measuredFigure('search-card.render-warm', 'search card 250 matches / 100 files: render on a warm page', 'ms', pick(warm, 'renderMs'), { op: '≤', value: 50 }),
        measuredFigure('search-card.render', 'search card 250 matches / 100 files: render on a fresh page', 'ms', pick(fresh, 'renderMs')),
        measuredFigure('search-card.expand-all', 'search card: expand all (click → expanded list painted), fresh page', 'ms', pick(fresh, 'expandAllMs'), { op: '≤', value: 100 }),
        measuredFigure('search-card.expand-all-warm', 'search card: expand all on a warm page', 'ms', pick(warm, 'expandAllMs')),
        measuredFigure('search-card.expand-all-dom-rows', 'search card: match rows in the DOM after expand all (of 250)', 'count', pick(fresh, 'domRows')),
        measuredFigure('search-card.expand-all-dom-headers', 'search card: group headers in the DOM after expand all (of 100)', 'count', pick(fresh, 'domHeaders')),
      ],
      details: [
        'Render: from `render()` of the card to the paint that shows its list. A fresh page pays React’s, the card CSS’s and the',
        'fonts’ first use inside the first card of any kind; a warm page has rendered and painted another card (a generic one) first.',
        'Expand all is timed from the click event\'s timestamp (Playwright mouse input) to the paint of the commit that opened every',
        'group (the list\'s scroll height changed and no header in the DOM says closed). Each run takes a fresh page and then a warm one.',
      ],
    };
  },
};
