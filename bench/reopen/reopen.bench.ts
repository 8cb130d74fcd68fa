import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { generateWorkspace, type GeneratedWorkspace } from '../../e2e/support/generated-workspace';
import { generateSession, receiveHistory, toolCallPlan, type GeneratedSession, type ServerAddress } from '../../e2e/support/session-generator';
import { startToolcards, type ToolcardsProcess } from '../../e2e/support/toolcards-process';
import type { BenchContext, BenchDefinition } from '../bench-context';
import { CHROMIUM_ARGS } from '../client/client-harness';
import { measuredFigure, type Figure } from '../figures';
import { CHROMIUM_PATH } from '../machine';
import { median, pairwiseRatios } from '../stats';
import { ensureClientBuilt } from './client-build';
import { measureColdReplay, type ColdReplay } from './cold-replay';
import { probeScript, probeSummary, ProbeChannel, type ProbeSummary } from './page-probe';

/**
 * `reopen`: the path a user takes to reopen a long session, end to end. The real CLI on a
 * generated workspace; sessions made through the real WebSocket (read, grep and glob calls,
 * as from the composer); each opened at `URL#/s/<id>` in Chromium, timed until the last card
 * is on screen and finished — against a Node WebSocket client receiving the same history.
 */

interface Sizes {
  files: number;
  /** The session of the main figure (issue 12: 3,000 calls). */
  calls: number;
  /** The long session (tail first, whole history): 10,000 calls. */
  longCalls: number;
  /** Limits: a time-out reports the figure as missed instead of hanging the bench. */
  lastCardTimeoutMs: number;
  longTimeoutMs: number;
  /** Once a case has taken this long in all, it stops after its current run (at least 2 runs). */
  caseBudgetMs: number;
}

const FULL: Sizes = { files: 3000, calls: 3000, longCalls: 10_000, lastCardTimeoutMs: 120_000, longTimeoutMs: 180_000, caseBudgetMs: 8 * 60_000 };
const QUICK: Sizes = { files: 400, calls: 300, longCalls: 1000, lastCardTimeoutMs: 60_000, longTimeoutMs: 90_000, caseBudgetMs: 3 * 60_000 };

/** Calls sent and not yet answered while generating: enough to keep both cores busy. */
const GENERATE_IN_FLIGHT = 32;
const VIEWPORT = { width: 1280, height: 900 };

/** One page load of a session. `undefined` times: not reached before the time-out. */
interface PageRun {
  cold: boolean;
  firstRowsMs?: number;
  lastCardMs?: number;
  completeMs?: number;
  /** What the load was waited for until (the time-out when it never came). */
  untilMs: number;
  summary?: ProbeSummary;
  heapMB?: number;
}

export const reopenBench: BenchDefinition = {
  name: 'reopen',
  about:
    'reopening a logged session through the real CLI and WebSocket in Chromium (3,000 and 10,000 read/grep/glob calls made ' +
    'through the WebSocket on a generated workspace): last card visible, first screen, whole history, longest task, heap; ' +
    'against a Node client receiving the same history, and replaying the log in Node against JSON.parse',
  async run(context) {
    const sizes = context.quick ? QUICK : FULL;
    await ensureClientBuilt(context.repoRoot, context.log);
    const root = path.join(context.scratch, 'reopen');
    await mkdir(root, { recursive: true });
    const workspace = await generateWorkspace(path.join(root, 'workspace'), { files: sizes.files });
    context.log(`workspace: ${workspace.files.length.toLocaleString('en-US')} TypeScript files, ${(workspace.bytes / 1e6).toFixed(1)} MB`);
    const dataDir = path.join(root, 'data');
    const server = await startToolcards({ workspace: workspace.root, dataDir });
    let browser: Browser | undefined;
    try {
      const address: ServerAddress = { origin: server.origin, token: server.token };
      const session = await makeSession(context, address, workspace, sizes.calls);
      const long = await makeSession(context, address, workspace, sizes.longCalls);
      // What any session costs to open (the page's start, one card): the long ones are compared with it.
      const single = await makeSession(context, address, workspace, 1);
      const logBytes = async (id: string) => (await stat(path.join(dataDir, 'sessions', `${id}.jsonl`))).size;
      const sessionBytes = await logBytes(session.sessionId);
      const longBytes = await logBytes(long.sessionId);

      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
      const lastCardLabel = `Read ${workspace.markerPath}`;

      // The 3,000-call session: the first load is a fresh browser context's first visit (cold);
      // every later one a fresh page in that context (warm), paired with a Node client's receive.
      const warm = await browser.newContext({ viewport: VIEWPORT });
      const pages: PageRun[] = [];
      const singles: PageRun[] = [];
      const openSingle = (browserContext: BrowserContext) => openSession(browserContext, server, single, { lastCardLabel, rows: 1, timeoutMs: sizes.lastCardTimeoutMs, cold: false });
      const nodeMs: number[] = [];
      const nodeFrames: { frames: number; historyFrames: number; bytes: number }[] = [];
      const caseStarted = performance.now();
      for (let index = 0; index <= context.runs; index += 1) {
        const received = await receiveHistory(address, session.sessionId, sizes.lastCardTimeoutMs);
        if (received.events !== session.lastSeq + 1) throw new Error(`the Node client received ${received.events} events, not ${session.lastSeq + 1}`);
        nodeMs.push(received.ms);
        nodeFrames.push(received);
        const open = () => openSession(warm, server, session, { lastCardLabel, rows: sizes.calls, timeoutMs: sizes.lastCardTimeoutMs, cold: index === 0 });
        // Warm runs are paired with the 1-call session in the same context, alternating which goes first.
        const run = index === 0 ? await open() : await pairedWithSingle(open, singles, index, () => openSingle(warm));
        pages.push(run);
        context.log(`${sizes.calls} calls, ${run.cold ? 'cold' : 'warm'}: ${describeRun(run)}; Node client ${received.ms.toFixed(0)} ms`);
        // A time-out skips the rest of the case: the figure is missed either way, and each try costs the full limit.
        if (run.lastCardMs === undefined || (index >= 2 && performance.now() - caseStarted > sizes.caseBudgetMs)) break;
      }
      await warm.close();

      // The long session: fresh pages in a context warmed by one unmeasured visit.
      const longContext = await browser.newContext({ viewport: VIEWPORT });
      const warmUp = await longContext.newPage();
      await warmUp.goto(`${server.url}#/s/${session.sessionId}`);
      await warmUp.close();
      const longRuns: PageRun[] = [];
      const longSingles: PageRun[] = [];
      const longNodeMs: number[] = [];
      const longStarted = performance.now();
      const longRunCount = context.quick ? 2 : 3;
      for (let index = 0; index < longRunCount; index += 1) {
        longNodeMs.push((await receiveHistory(address, long.sessionId, sizes.longTimeoutMs)).ms);
        const open = () => openSession(longContext, server, long, { lastCardLabel, rows: sizes.longCalls, timeoutMs: sizes.longTimeoutMs, cold: false });
        const run = await pairedWithSingle(open, longSingles, index, () => openSingle(longContext));
        longRuns.push(run);
        context.log(`${sizes.longCalls} calls: ${describeRun(run)}`);
        if (run.completeMs === undefined || (index >= 1 && performance.now() - longStarted > sizes.caseBudgetMs)) break;
      }
      await longContext.close();

      const cold = await measureColdReplay(path.join(dataDir, 'sessions', `${long.sessionId}.jsonl`), context.runs);

      return {
        figures: [...figuresOf(sizes, pages, nodeMs, longRuns, cold), ...singleFigures(sizes, pages.filter((run) => !run.cold), singles, longRuns, longSingles)],
        details: detailsOf(sizes, { session, long, sessionBytes, longBytes, workspace }, pages, nodeMs, nodeFrames, longRuns, longNodeMs, cold),
      };
    } finally {
      await browser?.close();
      await server.stop();
    }
  },
};

async function makeSession(context: BenchContext, address: ServerAddress, workspace: GeneratedWorkspace, calls: number): Promise<GeneratedSession> {
  context.log(`making a ${calls.toLocaleString('en-US')}-call session through the WebSocket (${GENERATE_IN_FLIGHT} in flight)…`);
  const session = await generateSession(address, toolCallPlan(workspace, calls), {
    inFlight: GENERATE_IN_FLIGHT,
    onProgress: (done, total) => context.log(`  ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} calls answered`),
  });
  context.log(`  made in ${session.seconds.toFixed(0)} s (${(session.lastSeq + 1).toLocaleString('en-US')} events)`);
  return session;
}

interface OpenOptions {
  lastCardLabel: string;
  rows: number;
  timeoutMs: number;
  cold: boolean;
}

/** Opens `URL#/s/<id>` in a fresh page and waits (bounded) for the last card and the whole history. */
async function openSession(context: BrowserContext, server: ToolcardsProcess, session: GeneratedSession, options: OpenOptions): Promise<PageRun> {
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: probeScript({ lastCardLabel: options.lastCardLabel, rows: options.rows }) });
    const probe = new ProbeChannel(page);
    const started = Date.now();
    const left = () => Math.max(0, options.timeoutMs - (Date.now() - started));
    await page.goto(`${server.url}#/s/${session.sessionId}`, { waitUntil: 'commit', timeout: options.timeoutMs });
    const lastCardMs = await probe.wait('last-card', left());
    const completeMs = await probe.wait('complete', left());
    const firstRowsMs = await probe.wait('first-rows', 0);
    const untilMs = completeMs ?? options.timeoutMs;
    const summary = await probeSummary(page, untilMs);
    const run: PageRun = {
      cold: options.cold,
      untilMs,
      ...(firstRowsMs === undefined ? {} : { firstRowsMs }),
      ...(lastCardMs === undefined ? {} : { lastCardMs }),
      ...(completeMs === undefined ? {} : { completeMs }),
      ...(summary ? { summary } : {}),
    };
    if (completeMs !== undefined) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      run.heapMB = (await cdp.send('Runtime.getHeapUsage')).usedSize / 1e6;
      await cdp.detach();
    }
    return run;
  } finally {
    await page.close();
  }
}

/** Runs `open` and the 1-call session's open one after the other, the single first on odd runs; keeps the single's run. */
async function pairedWithSingle(open: () => Promise<PageRun>, singles: PageRun[], index: number, openSingle: () => Promise<PageRun>): Promise<PageRun> {
  if (index % 2 === 1) singles.push(await openSingle());
  const run = await open();
  if (index % 2 === 0) singles.push(await openSingle());
  return run;
}

/** Issue 28: a long session's last card against a 1-call session's, in the same browser (pairs). */
function singleFigures(sizes: Sizes, pages: PageRun[], singles: PageRun[], longRuns: PageRun[], longSingles: PageRun[]): Figure[] {
  const lastCard = (run: PageRun) => run.lastCardMs;
  const figures: Figure[] = [];
  if (singles.length > 0) {
    figures.push(measuredFigure('reopen.single-last-card', 'reopen a 1-call session: last card visible and finished', 'ms', samplesOf(singles, lastCard, () => sizes.lastCardTimeoutMs)));
    figures.push(
      measuredFigure(
        'reopen.last-card-vs-single',
        `reopen ${sizes.calls.toLocaleString('en-US')} calls: last card ÷ a 1-call session's (same browser, pairs)`,
        'ratio',
        pairwiseRatios(samplesOf(pages.slice(0, singles.length), lastCard, () => sizes.lastCardTimeoutMs), samplesOf(singles, lastCard, () => sizes.lastCardTimeoutMs)),
        { op: '≤', value: 1.3 },
      ),
    );
  }
  if (longSingles.length > 0) {
    figures.push(
      measuredFigure(
        'reopen.long-last-card-vs-single',
        `reopen ${sizes.longCalls.toLocaleString('en-US')} calls: last card ÷ a 1-call session's (same browser, pairs)`,
        'ratio',
        pairwiseRatios(samplesOf(longRuns.slice(0, longSingles.length), lastCard, (run) => run.untilMs), samplesOf(longSingles, lastCard, () => sizes.lastCardTimeoutMs)),
        { op: '≤', value: 1.5 },
      ),
    );
  }
  return figures;
}

function describeRun(run: PageRun): string {
  const ms = (value: number | undefined) => (value === undefined ? 'timed out' : `${(value / 1000).toFixed(2)} s`);
  const parts = [`first rows ${ms(run.firstRowsMs)}`, `last card ${ms(run.lastCardMs)}`, `whole history ${ms(run.completeMs)}`];
  if (run.summary) parts.push(`longest task ${run.summary.longestTaskMs.toFixed(0)} ms`, `spinner frames ${run.summary.spinnerFrames}`);
  if (run.heapMB !== undefined) parts.push(`heap ${run.heapMB.toFixed(0)} MB`);
  return parts.join(', ');
}

/** A figure's samples, a time-out counting as its limit (so the median can only look better than the truth). */
function samplesOf(runs: readonly PageRun[], pick: (run: PageRun) => number | undefined, limit: (run: PageRun) => number): number[] {
  return runs.map((run) => pick(run) ?? limit(run));
}

function timedOut(runs: readonly PageRun[], pick: (run: PageRun) => number | undefined): number {
  return runs.filter((run) => pick(run) === undefined).length;
}

function suffix(runs: readonly PageRun[], pick: (run: PageRun) => number | undefined): string {
  const count = timedOut(runs, pick);
  return count === 0 ? '' : ` — ${count} of ${runs.length} timed out (counted as the limit)`;
}

function figuresOf(sizes: Sizes, pages: PageRun[], nodeMs: number[], longRuns: PageRun[], cold: ColdReplay): Figure[] {
  const calls = sizes.calls.toLocaleString('en-US');
  const longCalls = sizes.longCalls.toLocaleString('en-US');
  // Warm pages make the figure; when the cold load already timed out there are none, and it stands in.
  const warmOnly = pages.some((run) => !run.cold);
  const warmPages = warmOnly ? pages.filter((run) => !run.cold) : pages;
  const warmNode = warmOnly ? nodeMs.filter((_, index) => !pages[index]!.cold) : nodeMs;
  const coldPage = pages.find((run) => run.cold)!;
  const lastCard = (run: PageRun) => run.lastCardMs;
  const warmLastCard = samplesOf(warmPages, lastCard, () => sizes.lastCardTimeoutMs);
  const figures: Figure[] = [
    measuredFigure('reopen.last-card', `reopen ${calls} calls: last card visible and finished${suffix(warmPages, lastCard)}`, 'ms', warmLastCard, { op: '≤', value: 1500 }),
    measuredFigure('reopen.last-card-vs-node', `reopen ${calls} calls: last card ÷ Node client receiving the history (pairs)`, 'ratio', pairwiseRatios(warmLastCard, warmNode), { op: '≤', value: 2 }),
    measuredFigure('reopen.node-history', `reopen ${calls} calls: Node WebSocket client, subscribe → caught-up`, 'ms', nodeMs),
    measuredFigure('reopen.last-card-cold', `reopen ${calls} calls: last card, cold (fresh browser context)${suffix([coldPage], lastCard)}`, 'ms', samplesOf([coldPage], lastCard, () => sizes.lastCardTimeoutMs)),
  ];
  const longTask = (run: PageRun) => run.summary?.longestTaskMs;
  const withSummary = [...pages, ...longRuns].filter((run) => run.summary !== undefined);
  if (withSummary.length > 0) {
    figures.push(measuredFigure('reopen.longest-task', `reopen: longest main-thread task while loading (both sessions, every run)`, 'ms-longtask', withSummary.map((run) => longTask(run)!), { op: '≤', value: 100 }));
  }
  const firstRows = (run: PageRun) => run.firstRowsMs;
  const complete = (run: PageRun) => run.completeMs;
  figures.push(
    measuredFigure('reopen.long-first-screen', `reopen ${longCalls} calls: first screen (first rows painted)${suffix(longRuns, firstRows)}`, 'ms', samplesOf(longRuns, firstRows, (run) => run.untilMs), { op: '≤', value: 1000 }),
    measuredFigure('reopen.long-last-card', `reopen ${longCalls} calls: last card visible and finished${suffix(longRuns, lastCard)}`, 'ms', samplesOf(longRuns, lastCard, (run) => run.untilMs)),
    measuredFigure('reopen.long-complete', `reopen ${longCalls} calls: whole history loaded${suffix(longRuns, complete)}`, 'ms', samplesOf(longRuns, complete, () => sizes.longTimeoutMs), { op: '≤', value: 4000 }),
  );
  const heapOf = (group: PageRun[]) => group.flatMap((run) => (run.heapMB === undefined ? [] : [run.heapMB]));
  if (heapOf(warmPages).length > 0) figures.push(measuredFigure('reopen.heap', `reopen ${calls} calls: JS heap after load (after GC)`, 'MB', heapOf(warmPages)));
  if (heapOf(longRuns).length > 0) figures.push(measuredFigure('reopen.long-heap', `reopen ${longCalls} calls: JS heap after load (after GC)`, 'MB', heapOf(longRuns)));
  figures.push(
    measuredFigure('reopen.cold-replay', `reopen: replaying the ${longCalls}-call log in Node (session package)`, 'ms', cold.replayMs),
    measuredFigure('reopen.cold-replay-ratio', 'reopen: log replay ÷ JSON.parse of its lines (pairs)', 'ratio', pairwiseRatios(cold.replayMs, cold.parseMs)),
  );
  return figures;
}

function detailsOf(
  sizes: Sizes,
  made: { session: GeneratedSession; long: GeneratedSession; sessionBytes: number; longBytes: number; workspace: GeneratedWorkspace },
  pages: PageRun[],
  nodeMs: number[],
  nodeFrames: { frames: number; historyFrames: number; bytes: number }[],
  longRuns: PageRun[],
  longNodeMs: number[],
  cold: ColdReplay,
): string[] {
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  const frames = nodeFrames[0]!;
  const lines = [
    `Workspace: ${made.workspace.files.length.toLocaleString('en-US')} generated TypeScript files (${mb(made.workspace.bytes)}; 2% of them 3,000–12,000 lines).`,
    `Sessions, made through the WebSocket by \`e2e/support/session-generator.ts\` (grep, glob, read in turn; ${GENERATE_IN_FLIGHT} calls in flight; the last call reads a marker file, so its card is the last):`,
    `${sizes.calls.toLocaleString('en-US')} calls → ${(made.session.lastSeq + 1).toLocaleString('en-US')} events, log ${mb(made.sessionBytes)}, made in ${made.session.seconds.toFixed(0)} s;`,
    `${sizes.longCalls.toLocaleString('en-US')} calls → ${(made.long.lastSeq + 1).toLocaleString('en-US')} events, log ${mb(made.longBytes)}, made in ${made.long.seconds.toFixed(0)} s.`,
    `The Node client received the ${sizes.calls.toLocaleString('en-US')}-call history as ${frames.frames.toLocaleString('en-US')} frames (${frames.historyFrames.toLocaleString('en-US')} batched \`history\` frames), ${mb(frames.bytes)};`,
    `the ${sizes.longCalls.toLocaleString('en-US')}-call one in ${longNodeMs.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')}.`,
    '',
    'Times run from navigation start (`page.goto` of `URL#/s/<id>`: the app\'s code, the API and the socket included) to the',
    'first frame rendered with the state: "last card" = the marker read\'s result card (not a pending call card) inside the',
    'timeline\'s viewport; "whole history" = the scroller says `data-history="complete"` (or, before the client had that',
    'attribute, `aria-busy="false"` with the last row rendered); "first screen" = the first card in the viewport, whichever it is',
    '(a client that replays from the start paints the session\'s oldest cards first and then scrolls on: see "last card" of the',
    'same session for when its end is on screen). Longest task:',
    'Long Tasks API, from navigation to the whole history (or the time-out). Heap: CDP `Runtime.getHeapUsage` after a GC.',
    `Runs: ${sizes.calls.toLocaleString('en-US')} calls — one cold (a fresh browser context's first visit) then warm fresh pages in that`,
    `context, each right after a Node client's receive (the ratio pairs them); ${sizes.longCalls.toLocaleString('en-US')} calls — ${longRuns.length} warm page(s).`,
    `Limits: ${sizes.lastCardTimeoutMs / 1000} s (${sizes.calls.toLocaleString('en-US')} calls) and ${sizes.longTimeoutMs / 1000} s (${sizes.longCalls.toLocaleString('en-US')} calls) per page; a time-out counts as the limit and is named in the figure.`,
    '',
    'Per run:',
  ];
  pages.forEach((run, index) => lines.push(`- ${sizes.calls.toLocaleString('en-US')} calls, ${run.cold ? 'cold' : 'warm'}: ${describeRun(run)}; Node client ${(nodeMs[index]! / 1000).toFixed(2)} s; ${describeProbe(run)}`));
  longRuns.forEach((run) => lines.push(`- ${sizes.longCalls.toLocaleString('en-US')} calls: ${describeRun(run)}; ${describeProbe(run)}`));
  lines.push(
    '',
    `Cold path in Node, the ${sizes.longCalls.toLocaleString('en-US')}-call log (${mb(made.longBytes)}): \`replaySessionLog\` (what \`SessionStore.replay\` runs) median`,
    `${median(cold.replayMs).toFixed(0)} ms against ${median(cold.parseMs).toFixed(0)} ms to read the file and \`JSON.parse\` each line (${cold.replayMs.length} pairs, alternating which goes first, after a warm-up of each).`,
  );
  return lines;
}

function describeProbe(run: PageRun): string {
  const summary = run.summary;
  if (!summary) return 'the page did not answer the probe';
  const seen = (ms: number | null, what: string) => (ms === null ? `no ${what}` : `${what} at ${(ms / 1000).toFixed(2)} s`);
  return [
    seen(summary.spinnerSeenMs, 'spinner'),
    seen(summary.cancelSeenMs, 'Cancel button'),
    `${summary.longTasks} long tasks`,
    `end seen by ${summary.completeBy ?? '—'}${summary.historyStates.length > 0 ? ` (data-history: ${summary.historyStates.join(' → ')})` : ''}`,
  ].join(', ');
}
