/**
 * Run as its own process by highlight-cost.ts: the read card's highlighting work (the same
 * Shiki core, engine, grammar, themes and chunking as apps/web/src/highlight/highlight-window.ts)
 * timed in CPU milliseconds of this process — what the highlight worker has to do, measured
 * without a browser around it.
 */
import { FIRST_CHUNK_LINES } from '../../apps/web/src/highlight/highlight-chunks';
import { highlightWindow } from '../../apps/web/src/highlight/highlight-window';
import { readFixtures } from '../../apps/web/src/test-support/card-fixtures';

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const texts = readFixtures.longTypescript.lines.map((line) => line.text);
const started = cpuMs();
let firstChunkMs = 0;
await highlightWindow({ lang: 'typescript', texts }, (start, lines) => {
  // A chunk may stop short of the visible rows (its time slice): the figure is when all of them are in.
  if (firstChunkMs === 0 && start + lines.length >= FIRST_CHUNK_LINES) firstChunkMs = cpuMs() - started;
}, new AbortController().signal);
const coldWindowMs = cpuMs() - started;
const warmStarted = cpuMs();
await highlightWindow({ lang: 'typescript', texts }, () => undefined, new AbortController().signal);
const warmWindowMs = cpuMs() - warmStarted;
process.stdout.write(JSON.stringify({ firstChunkMs, coldWindowMs, warmWindowMs }));
