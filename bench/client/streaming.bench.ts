import type { Page } from '@playwright/test';
import type { BenchDefinition } from '../bench-context';
import { measuredFigure } from '../figures';
import type { StreamingResult } from '../web/bench-results';

const PER_TICK = 128;
const TICK_MS = 16;
/** A key press every this many ms while the stream runs. */
const TYPING_INTERVAL_MS = 150;

export const streamingBench: BenchDefinition = {
  name: 'streaming',
  about: `the app shell receiving 100,000 live events, ${PER_TICK} every ${TICK_MS} ms, while keys are typed into the composer`,
  async run(context) {
    const harness = await context.client();
    const events = context.quick ? 10_000 : 100_000;
    const results: StreamingResult[] = [];
    for (let index = 0; index < context.runs; index += 1) {
      const run = await harness.runScenario<StreamingResult>('streaming', { events, perTick: PER_TICK, tickMs: TICK_MS }, typeWhileStreaming);
      await run.close();
      results.push(run.result);
    }
    const pick = (key: keyof StreamingResult) => results.map((result) => result[key]);
    return {
      figures: [
        measuredFigure('streaming.longest-task', `streaming ${events.toLocaleString('en-US')} events: longest main-thread task`, 'ms-longtask', pick('longestTaskMs'), { op: '≤', value: 50 }),
        measuredFigure('streaming.input-delay', 'streaming: worst key press input delay', 'ms', pick('worstInputDelayMs')),
        measuredFigure('streaming.input-delay-median', 'streaming: median key press input delay', 'ms', pick('medianInputDelayMs')),
        measuredFigure('streaming.event-duration', 'streaming: worst key press to next paint (Event Timing)', 'ms', pick('worstEventDurationMs')),
        measuredFigure('streaming.drain-lag', 'streaming: last event sent → on screen', 'ms', pick('drainLagMs')),
      ],
      details: [
        `Sent ${results[0]!.events.toLocaleString('en-US')} events in ${results.map((result) => result.sendSeconds.toFixed(1)).join(', ')} s per run`
          + ` (the schedule is ${((results[0]!.events / PER_TICK) * TICK_MS / 1000).toFixed(1)} s); ${results[0]!.rows.toLocaleString('en-US')} timeline rows at the end.`,
        `Key presses per run: ${results.map((result) => result.inputs).join(', ')}; long tasks per run: ${results.map((result) => result.longTasks).join(', ')}.`,
        'Input delay = time from the key event\'s timestamp to its first listener (capture on window). Event Timing reports only',
        'events over 16 ms, so 0 there means every key press reached the screen within 16 ms.',
      ],
    };
  },
};

/** Clicks into the composer, then presses a key every TYPING_INTERVAL_MS until the page is done. */
async function typeWhileStreaming(page: Page, composer: { x: number; y: number }, pageDone: () => boolean): Promise<void> {
  await page.mouse.click(composer.x, composer.y);
  while (!pageDone()) {
    await page.keyboard.press('a');
    await new Promise((resolve) => setTimeout(resolve, TYPING_INTERVAL_MS));
  }
}
