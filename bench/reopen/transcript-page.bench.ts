import { readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { startToolcards, type ToolcardsProcess } from '../../e2e/support/toolcards-process';
import type { BenchDefinition } from '../bench-context';
import { CHROMIUM_ARGS } from '../client/client-harness';
import { ensureServerBuilt } from '../first-read/server-build';
import { exactFigure, measuredFigure } from '../figures';
import { CHROMIUM_PATH } from '../machine';
import { AGENT_SESSION, FIXTURE, readAndParse, writeRepeated } from '../node/repeated-transcript';
import { watchPeakRss } from '../process-memory';
import { pairwiseRatios } from '../stats';
import { ensureClientBuilt } from './client-build';
import { probeScript, ProbeChannel, probeSummary } from './page-probe';

const VIEWPORT = { width: 1280, height: 900 };
const PAGE_TIMEOUT_MS = 120_000;
const RSS_SAMPLE_MS = 50;

/** One page load of the transcript's session; `undefined`: not reached before the time-out. */
interface TranscriptPageRun {
  firstRowsMs?: number;
  completeMs?: number;
  longestTaskMs?: number;
  /** The server's peak resident set from its start to the whole history on the page. */
  serverPeakRssMb: number;
}

/**
 * `transcript-page`: the path a user takes to watch a big Claude Code session. The built CLI
 * (as `npm start` runs it) with `--claude-dir` on a 100 MB transcript, Chromium opening
 * `URL#/s/cc-<uuid>`: the first screen and the whole history, on a first start (the transcript
 * is mapped as the page asks for it) and on later starts (mapped before; each a fresh server, so
 * the session is opened from its log), against reading the transcript and `JSON.parse` of each
 * line (pairs, alternating). The server's peak RSS is read from /proc while it serves the page.
 */
export const transcriptPageBench: BenchDefinition = {
  name: 'transcript-page',
  about:
    'a 100 MB Claude Code transcript opened in the app (the built CLI with --claude-dir, Chromium at URL#/s/cc-<uuid>): first screen and whole ' +
    'history on a first start and on later starts, against reading the file and JSON.parse of each line (pairs); the server’s peak RSS',
  async run(context) {
    await ensureClientBuilt(context.repoRoot, context.log);
    await ensureServerBuilt(context.repoRoot, context.log);
    const lines = readFileSync(path.join(context.repoRoot, FIXTURE), 'utf8').split('\n').filter((line) => line !== '');
    const root = path.join(context.scratch, 'transcript-page');
    await rm(root, { recursive: true, force: true });
    const claudeDir = path.join(root, 'claude');
    const project = path.join(claudeDir, 'projects', '-w');
    await mkdir(project, { recursive: true });
    const transcript = path.join(project, `${AGENT_SESSION}.jsonl`);
    const { bytes, lineCount } = await writeRepeated(transcript, lines, (context.quick ? 5 : 100) * 1e6);
    const workspace = path.join(root, 'workspace');
    await mkdir(workspace, { recursive: true });
    const dataDir = path.join(root, 'data');
    const cli = path.join(context.repoRoot, 'bin/toolcards.mjs');
    const start = () => startToolcards({ cli, workspace, dataDir, extraArgs: ['--claude-dir', claudeDir, '--no-codex'] });
    // The warm-up visit has a data dir of its own and no transcripts: the first start must be the first to map them.
    const startEmpty = () => startToolcards({ cli, workspace, dataDir: path.join(root, 'warm-up-data') });
    const what = `${(bytes / 1e6).toFixed(0)} MB transcript (${lineCount.toLocaleString('en-US')} lines)`;

    const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    try {
      const browserContext = await browser.newContext({ viewport: VIEWPORT });
      // The page's own code cached, as for a returning user: one visit of an empty session list first.
      await warmPage(browserContext, startEmpty);
      const first = await measureStart(browserContext, start);
      context.log(`first start: ${describe(first)}`);
      const later: TranscriptPageRun[] = [];
      const parseMs: number[] = [];
      for (let run = 0; run < Math.max(2, context.quick ? 2 : context.runs); run += 1) {
        // Alternating which goes first, so neither always runs on a cache the other warmed.
        if (run % 2 === 0) parseMs.push(await readAndParse(transcript));
        later.push(await measureStart(browserContext, start));
        if (run % 2 === 1) parseMs.push(await readAndParse(transcript));
        context.log(`later start ${run + 1}: ${describe(later.at(-1)!)}; read + parse ${parseMs.at(-1)!.toFixed(0)} ms`);
      }
      await browserContext.close();
      const timedOut = (pick: (run: TranscriptPageRun) => number | undefined) => (runs: TranscriptPageRun[]) => runs.map((run) => pick(run) ?? PAGE_TIMEOUT_MS);
      const firstRows = timedOut((run) => run.firstRowsMs);
      const complete = timedOut((run) => run.completeMs);
      return {
        figures: [
          exactFigure('transcript-page.size', `${what}: size`, 'MB', bytes / 1e6),
          measuredFigure('transcript-page.first-screen', `${what}, later start: first screen (navigation → first cards painted)`, 'ms', firstRows(later), { op: '≤', value: 1000 }),
          measuredFigure('transcript-page.complete', `${what}, later start: whole history on the page`, 'ms', complete(later)),
          measuredFigure('transcript-page.parse', `${what}: read + JSON.parse of each line (baseline)`, 'ms', parseMs),
          measuredFigure('transcript-page.complete-ratio', `${what}, later start: whole history / read + parse (pairs)`, 'ratio', pairwiseRatios(complete(later), parseMs), { op: '≤', value: 2 }),
          measuredFigure('transcript-page.rss', `${what}, later start: server peak RSS, start → whole history on the page`, 'MB', later.map((run) => run.serverPeakRssMb), { op: '≤', value: 200 }),
          measuredFigure('transcript-page.longest-task', `${what}, later start: longest main-thread task while loading`, 'ms-longtask', later.map((run) => run.longestTaskMs ?? 0)),
          measuredFigure('transcript-page.first-start.first-screen', `${what}, first start (mapped as the page asks): first screen`, 'ms', firstRows([first])),
          measuredFigure('transcript-page.first-start.complete', `${what}, first start: whole history on the page`, 'ms', complete([first])),
          measuredFigure('transcript-page.first-start.rss', `${what}, first start: server peak RSS`, 'MB', [first.serverPeakRssMb]),
        ],
        details: [
          `The transcript repeats the real Claude Code 2.1.332 scenario (reads, greps, glob, shells, edits, plan) with fresh tool ids, in \`projects/-w/\` of a \`--claude-dir\`; an empty workspace; one data dir for all starts.`,
          'Each start is the built CLI (bin/toolcards.mjs → dist/cli.mjs) as a fresh process; the page is a fresh tab of one browser context that visited the app once before (its code cached). Times run from navigation start to the frame rendered with the first card in the viewport ("first screen") and with `data-history="complete"` ("whole history").',
          'The first start maps the transcript into its session log as the page subscribes (decision 0020); a later start opens that log from its tail (decision 0005). RSS: /proc/<pid>/status VmRSS of the server, every 50 ms, from its start until the whole history is on the page.',
        ],
      };
    } finally {
      await browser.close();
    }
  },
};

async function warmPage(browserContext: BrowserContext, start: () => Promise<ToolcardsProcess>): Promise<void> {
  const server = await start();
  try {
    const page = await browserContext.newPage();
    await page.goto(server.url);
    await page.getByRole('textbox').first().waitFor();
    await page.close();
  } finally {
    await server.stop();
  }
}

async function measureStart(browserContext: BrowserContext, start: () => Promise<ToolcardsProcess>): Promise<TranscriptPageRun> {
  const server = await start();
  const rss = watchPeakRss(server.pid, RSS_SAMPLE_MS);
  const page = await browserContext.newPage();
  try {
    await page.addInitScript({ content: probeScript({ rows: Number.MAX_SAFE_INTEGER }) });
    const probe = new ProbeChannel(page);
    const started = Date.now();
    await page.goto(`${server.url}#/s/cc-${AGENT_SESSION}`, { waitUntil: 'commit', timeout: PAGE_TIMEOUT_MS });
    const completeMs = await probe.wait('complete', PAGE_TIMEOUT_MS - (Date.now() - started));
    const firstRowsMs = await probe.wait('first-rows', 0);
    const summary = await probeSummary(page, completeMs ?? PAGE_TIMEOUT_MS);
    return {
      ...(firstRowsMs === undefined ? {} : { firstRowsMs }),
      ...(completeMs === undefined ? {} : { completeMs }),
      ...(summary ? { longestTaskMs: summary.longestTaskMs } : {}),
      serverPeakRssMb: rss.stop(),
    };
  } finally {
    await page.close();
    await server.stop();
  }
}

function describe(run: TranscriptPageRun): string {
  const ms = (value: number | undefined) => (value === undefined ? 'timed out' : `${(value / 1000).toFixed(2)} s`);
  return `first screen ${ms(run.firstRowsMs)}, whole history ${ms(run.completeMs)}, longest task ${run.longestTaskMs?.toFixed(0) ?? '—'} ms, server peak RSS ${run.serverPeakRssMb.toFixed(0)} MB`;
}
