/**
 * Run as its own process by highlight-cost.ts: the read card's highlighting work (the same
 * Shiki core, JavaScript regex engine, grammar, themes and chunking as
 * apps/web/src/cards/read/highlight/highlight-window.ts) timed in CPU milliseconds of this
 * process — what the highlight worker has to do, measured without a browser around it.
 */
import { highlightWindow } from '../../apps/web/src/highlight/highlight-window';
import { readFixtures } from '../../apps/web/src/cards/fixtures';

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

const texts = readFixtures.longTypescript.lines.map((line) => line.text);
const started = cpuMs();
let firstChunkMs = 0;
await highlightWindow({ lang: 'typescript', texts }, (start) => {
  if (start === 0) firstChunkMs = cpuMs() - started;
}, new AbortController().signal);
const coldWindowMs = cpuMs() - started;
const warmStarted = cpuMs();
await highlightWindow({ lang: 'typescript', texts }, () => undefined, new AbortController().signal);
const warmWindowMs = cpuMs() - warmStarted;
process.stdout.write(JSON.stringify({ firstChunkMs, coldWindowMs, warmWindowMs }));
