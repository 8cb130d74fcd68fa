import type { BenchDefinition } from '../bench-context';
import { measuredFigure } from '../figures';
import type { TerminalCardResult } from '../web/bench-results';

export const terminalCardBench: BenchDefinition = {
  name: 'terminal-card',
  about:
    'terminal card with 10,000 coloured output lines on a warm page (its code loaded by a card drawn first): first text painted, ' +
    'longest task, DOM rows; the read card of 2,000 lines on the same page as the baseline',
  async run(context) {
    const harness = await context.client();
    const results: TerminalCardResult[] = [];
    for (let index = 0; index < context.runs; index += 1) {
      const run = await harness.runScenario<TerminalCardResult>('terminal-card');
      await run.close();
      results.push(run.result);
    }
    const pick = (key: keyof TerminalCardResult) => results.map((result) => result[key]);
    return {
      figures: [
        measuredFigure('terminal-card.first-text', 'terminal card 10,000 lines, warm page: first text painted', 'ms', pick('terminalFirstTextMs'), { op: '≤', value: 50 }),
        measuredFigure('terminal-card.longest-task', 'terminal card 10,000 lines: longest main-thread task until first text', 'ms-longtask', pick('terminalLongestTaskMs'), { op: '<', value: 50 }),
        measuredFigure('terminal-card.dom-rows', 'terminal card 10,000 lines: DOM rows (first and last lines)', 'count', pick('terminalDomRows')),
        measuredFigure('terminal-card.read-baseline', 'read card 2,000 lines, same page after it: first text painted (baseline)', 'ms', pick('readFirstTextMs')),
        measuredFigure(
          'terminal-card.ratio',
          'terminal 10,000 lines / read 2,000 lines: first text (pairs)',
          'ratio',
          results.map((result) => result.terminalFirstTextMs / result.readFirstTextMs),
        ),
      ],
      details: [
        'Times run from `render()` of the card to the paint that shows its first row (rAF + posted task), on a page that drew a small',
        'terminal card and a read card first (their code loaded, as after the first of each in a session). The output is `npm test`-like',
        'lines with SGR colours and dim; the card parses all 10,000 and draws its first and last 10 around "Show all 10,000 lines".',
      ],
    };
  },
};
