import type { CDPSession } from '@playwright/test';
import type { BenchDefinition } from '../bench-context';
import { measuredFigure } from '../figures';
import type { ReplayResult } from '../web/bench-results';

export const timelineReplayBench: BenchDefinition = {
  name: 'replay-worker',
  about:
    'the app shell opening a session of 5,000 tool cards (messages and turn ends between them) whose frames come from an in-page ' +
    'worker playing the server, not from the server: no socket, no log, no server views — the reopen path users take is the `reopen` bench',
  async run(context) {
    const harness = await context.client();
    const cards = context.quick ? 500 : 5000;
    const results: (ReplayResult & { heapMB: number })[] = [];
    for (let index = 0; index < context.runs; index += 1) {
      const run = await harness.runScenario<ReplayResult>('replay', { cards });
      try {
        results.push({ ...run.result, heapMB: await heapAfterGc(await run.page.context().newCDPSession(run.page)) });
      } finally {
        await run.close();
      }
    }
    const first = results[0]!;
    return {
      figures: [
        measuredFigure('replay-worker.first-screen', `replay-worker ${cards.toLocaleString('en-US')} cards (worker-fed): first screen (first rows painted)`, 'ms', results.map((result) => result.firstRowsMs), { op: '≤', value: 1000 }),
        measuredFigure('replay-worker.settled', 'replay-worker: whole session in, last screen painted', 'ms', results.map((result) => result.caughtUpMs)),
        measuredFigure('replay-worker.longest-task', 'replay-worker: longest main-thread task until settled', 'ms-longtask', results.map((result) => result.longestTaskMs)),
        measuredFigure('replay-worker.heap', 'replay-worker: JS heap after load (after GC)', 'MB', results.map((result) => result.heapMB)),
      ],
      details: [
        `Session: ${first.events.toLocaleString('en-US')} events, ${first.rows.toLocaleString('en-US')} timeline rows, ${(first.frameBytes / 1e6).toFixed(1)} MB of JSON frames.`,
        'Timed from mounting the app (code already loaded); "first screen" is the first paint with timeline rows, "settled" the paint',
        'after the last event is in the store, caught-up, with the last row on screen. Heap: main thread, CDP Runtime.getHeapUsage after HeapProfiler.collectGarbage.',
      ],
    };
  },
};

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usage.usedSize / 1e6;
}
