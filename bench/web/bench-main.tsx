/**
 * The bench page: mounts one scenario chosen by `?scenario=` (read-card, long-lines, live-read, search-card, terminal-card, diff-card,
 * replay, streaming) from the client's fixtures or generated events, and publishes its
 * timings for the runner. Built only by bench/vite.bench.config.ts; never part of the app.
 */
import { reportToRunner } from './bench-results';
import { afterNextPaint } from './paint';
import { liveReadScenario } from './live-read-scenario';
import { longLinesScenario, readCardScenario } from './read-card-scenario';
import { searchCardScenario } from './search-card-scenario';
import { terminalCardScenario } from './terminal-card-scenario';
import { diffCardScenario } from './diff-card-scenario';
import { replayScenario, streamingScenario } from './session-scenarios';

async function run(): Promise<unknown> {
  // Start from a quiet page: loaded, this module evaluated, two frames painted — so no
  // start-up task of the page is counted in a scenario.
  if (document.readyState !== 'complete') await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  await afterNextPaint();
  await afterNextPaint();
  const params = new URLSearchParams(location.search);
  // `?delay=ms`: time for a profiler to attach first (diagnostics only).
  if (params.has('delay')) await new Promise((resolve) => setTimeout(resolve, Number(params.get('delay'))));
  performance.mark('bench:scenario-start'); // lines a trace up with the scenario
  const container = document.getElementById('root')!;
  const number = (name: string, fallback: number) => Number(params.get(name) ?? fallback);
  switch (params.get('scenario')) {
    case 'read-card':
      return readCardScenario(container, { prewarmed: params.get('prewarmed') === '1' });
    case 'long-lines':
      return longLinesScenario(container);
    case 'live-read':
      return liveReadScenario(container, { ingest: params.get('ingest') !== '0' });
    case 'terminal-card':
      return terminalCardScenario(container);
    case 'diff-card':
      return diffCardScenario(container);
    case 'search-card':
      return searchCardScenario(container, { warm: params.get('warm') === '1' });
    case 'replay':
      return replayScenario(container, number('cards', 5000));
    case 'streaming':
      return streamingScenario(container, number('events', 100_000), number('perTick', 128), number('tickMs', 16));
    default:
      throw new Error(`unknown scenario ${params.get('scenario')}`);
  }
}

run().then(
  (result) => reportToRunner({ phase: 'done', result }),
  (error: unknown) => reportToRunner({ phase: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
