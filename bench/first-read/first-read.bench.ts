import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { generateSession, type ServerAddress } from '../../e2e/support/session-generator';
import { startToolcards } from '../../e2e/support/toolcards-process';
import type { BenchDefinition } from '../bench-context';
import { CHROMIUM_ARGS } from '../client/client-harness';
import { measuredFigure, type Figure } from '../figures';
import { CHROMIUM_PATH } from '../machine';
import { pairwiseRatios } from '../stats';
import { ensureClientBuilt } from '../reopen/client-build';
import { ensureServerBuilt } from './server-build';
import { FirstReadChannel, firstReadProbeScript } from './first-read-probe';

/**
 * `first-read`: a returning user opens the page and at once runs `/read` of a 2,000-line
 * TypeScript file. The built CLI (bin/toolcards.mjs, built as `npm start` builds it) runs on a
 * workspace holding a real 2,000-line TypeScript module, and has been serving for a while (its
 * own code warm: a server's first calls cost it far more than the page, which is not what this
 * measures). Chromium through Playwright, its HTTP cache filled by an earlier visit. Each run: the
 * user's last session (one glob call, made through the WebSocket just before) and a fresh page
 * of the printed URL, which opens it; as soon as the composer takes input, `/read <file>` +
 * Enter; timed from that Enter to the frame that shows the card's first code row, and to the
 * frame in which every row in its viewport is coloured. Then, on the same page once it is
 * quiet, the same read again: the warm page's floor, paired with the first.
 */

/** A real module of a pinned dependency: 2,051 lines of TypeScript, of which the first 2,000. */
const SOURCE_FILE = 'node_modules/zod/src/v4/mini/schemas.ts';
const FILE_LINES = 2000;
const WORKSPACE_FILE = 'src/schemas.ts';
const COMMAND = `/read ${WORKSPACE_FILE}`;

const VIEWPORT = { width: 1280, height: 900 };
const MILESTONE_TIMEOUT_MS = 20_000;
/** After the first read is coloured, the page finishes its window and idles before the second read. */
const QUIET_MS = 2500;
/** Reads the server runs before the first page: a server's first calls cost it several times a later one. */
const SERVER_WARM_UP_READS = 5;

const FIRST_ROW_TARGET = { op: '≤', value: 150 } as const;
const COLOURED_TARGET = { op: '≤', value: 250 } as const;

/** One page: both reads' milestones, in ms of the page's clock. */
export interface FirstReadRun {
  /** Enter of the first command, after navigation start. */
  sentAtMs: number;
  /** When the page rehearsed a read card (cards/read/read-card-rehearsal.tsx), after navigation start; undefined: not before that Enter. */
  rehearsedAtMs: number | undefined;
  first: ReadTimes;
  warm: ReadTimes;
}

export interface ReadTimes {
  /** The run-tool frame left the page (ms after Enter). */
  socketSendMs: number;
  firstRowMs: number;
  colouredMs: number;
  /** The longest main-thread task from Enter to the first row's frame (0: none of 50 ms or more). */
  longestTaskMs: number;
}

export const firstReadBench: BenchDefinition = {
  name: 'first-read',
  about:
    'a returning user opens the page and at once runs /read of a 2,000-line TypeScript file (the built CLI, Chromium): Enter → first code ' +
    'row painted and → visible rows coloured, against the same read again on that page (pairs)',
  async run(context) {
    await ensureClientBuilt(context.repoRoot, context.log);
    await ensureServerBuilt(context.repoRoot, context.log);
    const root = await mkdtemp(path.join(context.scratch, 'first-read-'));
    const workspace = path.join(root, 'workspace');
    const lines = await writeWorkspace(context.repoRoot, workspace);
    context.log(`workspace: ${WORKSPACE_FILE}, ${lines.toLocaleString('en-US')} lines of TypeScript`);
    const cli = path.join(context.repoRoot, 'bin/toolcards.mjs');
    const server = await startToolcards({ cli, workspace, dataDir: path.join(root, 'data') });
    const address: ServerAddress = { origin: server.origin, token: server.token };
    let browser: Browser | undefined;
    const runs: FirstReadRun[] = [];
    try {
      // The server's own warm-up: its first reads cost it several times a later one.
      await generateSession(address, Array.from({ length: SERVER_WARM_UP_READS }, () => ({ name: 'read' as const, args: { path: WORKSPACE_FILE } })));
      browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
      const browserContext = await browser.newContext({ viewport: VIEWPORT });
      // The earlier visit: caches the page, its chunks, the worker and the grammars; not measured.
      const warmUp = await measurePage(browserContext, server.url, address);
      context.log(`warm-up visit: ${describeRun(warmUp)}`);
      for (let index = 1; index <= context.runs; index += 1) {
        const run = await measurePage(browserContext, server.url, address);
        runs.push(run);
        context.log(`run ${index}: ${describeRun(run)}`);
      }
      await browserContext.close();
    } finally {
      await browser?.close();
      await server.stop();
    }
    return { figures: figuresOf(runs), details: detailsOf(runs, lines) };
  },
};

async function writeWorkspace(repoRoot: string, workspace: string): Promise<number> {
  const text = await readFile(path.join(repoRoot, SOURCE_FILE), 'utf8');
  const lines = text.split('\n').slice(0, FILE_LINES);
  await mkdir(path.join(workspace, 'src'), { recursive: true });
  await writeFile(path.join(workspace, WORKSPACE_FILE), lines.join('\n') + '\n');
  await copyFile(path.join(repoRoot, 'package.json'), path.join(workspace, 'package.json'));
  return lines.length;
}

/**
 * The user's last session (a glob, as from the composer) and a fresh page of the URL, which
 * opens that session; both reads timed.
 */
async function measurePage(context: BrowserContext, url: string, address: ServerAddress): Promise<FirstReadRun> {
  await generateSession(address, [{ name: 'glob', args: { pattern: '**/*.ts' } }]);
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: firstReadProbeScript() });
    const probe = new FirstReadChannel(page);
    await page.goto(url, { waitUntil: 'commit' });
    const first = await timeRead(page, probe, 0);
    const rehearsed = await probe.wait(0, 'rehearsed', MILESTONE_TIMEOUT_MS);
    await page.waitForTimeout(QUIET_MS);
    const warm = await timeRead(page, probe, 1);
    return { sentAtMs: first.sentAt, rehearsedAtMs: rehearsed === undefined || rehearsed < 0 ? undefined : rehearsed, first: first.times, warm: warm.times };
  } finally {
    await page.close();
  }
}

/** Types the command as soon as the composer takes input, sends it, and waits for its card. */
async function timeRead(page: Page, probe: FirstReadChannel, command: number): Promise<{ sentAt: number; times: ReadTimes }> {
  const input = page.locator('.composer__input');
  await input.fill(COMMAND, { timeout: MILESTONE_TIMEOUT_MS });
  await input.press('Enter');
  const sentAt = await probe.wait(command, 'sent', MILESTONE_TIMEOUT_MS);
  if (sentAt === undefined) throw new Error(`the page never saw command ${command}'s Enter`);
  const socketSend = await probe.wait(command, 'socket-send', MILESTONE_TIMEOUT_MS);
  const firstRow = await probe.wait(command, 'first-row', MILESTONE_TIMEOUT_MS);
  const coloured = await probe.wait(command, 'coloured', MILESTONE_TIMEOUT_MS);
  const longestTask = await probe.wait(command, 'longest-task', MILESTONE_TIMEOUT_MS);
  if (socketSend === undefined || firstRow === undefined || coloured === undefined) {
    throw new Error(`command ${command}: ${socketSend === undefined ? 'never sent' : firstRow === undefined ? 'no code row' : 'never coloured'} within ${MILESTONE_TIMEOUT_MS} ms`);
  }
  return { sentAt, times: { socketSendMs: socketSend - sentAt, firstRowMs: firstRow - sentAt, colouredMs: coloured - sentAt, longestTaskMs: longestTask ?? 0 } };
}

function describeRun(run: FirstReadRun): string {
  const read = (times: ReadTimes) => `sent +${times.socketSendMs.toFixed(0)}, first row ${times.firstRowMs.toFixed(0)} ms (longest task ${times.longestTaskMs.toFixed(0)} ms), coloured ${times.colouredMs.toFixed(0)} ms`;
  const rehearsal = run.rehearsedAtMs === undefined ? 'no card rehearsal before it' : `card rehearsed at ${run.rehearsedAtMs.toFixed(0)} ms`;
  return `Enter at ${run.sentAtMs.toFixed(0)} ms (${rehearsal}); first read: ${read(run.first)}; again: ${read(run.warm)}`;
}

function figuresOf(runs: readonly FirstReadRun[]): Figure[] {
  const pick = (select: (run: FirstReadRun) => number) => runs.map(select);
  const firstRow = pick((run) => run.first.firstRowMs);
  const coloured = pick((run) => run.first.colouredMs);
  const warmFirstRow = pick((run) => run.warm.firstRowMs);
  const warmColoured = pick((run) => run.warm.colouredMs);
  return [
    measuredFigure('first-read.first-row', 'first read on a fresh page: Enter → first code row painted', 'ms', firstRow, FIRST_ROW_TARGET),
    measuredFigure('first-read.coloured', 'first read on a fresh page: Enter → visible rows coloured', 'ms', coloured, COLOURED_TARGET),
    measuredFigure('first-read.warm-first-row', 'the same read again on that page: Enter → first code row painted', 'ms', warmFirstRow),
    measuredFigure('first-read.warm-coloured', 'the same read again on that page: Enter → visible rows coloured', 'ms', warmColoured),
    measuredFigure('first-read.coloured-vs-warm', 'first read ÷ the same read again, visible rows coloured (pairs)', 'ratio', pairwiseRatios(coloured, warmColoured)),
    measuredFigure('first-read.longest-task', 'first read: longest main-thread task from Enter to its first row (0: none ≥ 50 ms)', 'ms', pick((run) => run.first.longestTaskMs)),
    measuredFigure('first-read.warm-longest-task', 'the same read again: longest main-thread task from Enter to its first row', 'ms', pick((run) => run.warm.longestTaskMs)),
    measuredFigure('first-read.sent-at', 'fresh page: navigation start → the first command’s Enter (composer took input)', 'ms', pick((run) => run.sentAtMs)),
    measuredFigure('first-read.socket-send', 'first read: Enter → its run-tool frame on the WebSocket', 'ms', pick((run) => run.first.socketSendMs)),
  ];
}

function detailsOf(runs: readonly FirstReadRun[], lines: number): string[] {
  return [
    `The file: the first ${lines.toLocaleString('en-US')} lines of \`${SOURCE_FILE}\` (a real module of a pinned dependency) as \`${WORKSPACE_FILE}\`; ` +
      'the read tool shows the window its 50 KiB cap allows, as it would for a user.',
    `One server for the whole run (bin/toolcards.mjs, the built CLI), warmed by ${SERVER_WARM_UP_READS} reads of the file through a WebSocket client. ` +
      'Each run: the user\'s last session (one glob call through the WebSocket), then a fresh page of the printed URL (it opens that session) ' +
      'in a browser context whose HTTP cache an earlier, unmeasured visit filled. The command is ' +
      'typed as soon as the composer takes input and timed from its Enter (a keydown listener the probe installs before the app) to the ' +
      'end of the frame showing the card\'s first code row, and of the frame in which every row in its viewport has tokens. ' +
      `The same read again follows ${QUIET_MS / 1000} s later on the same page.`,
    `Runs: ${runs.map((run) => `${run.first.firstRowMs.toFixed(0)}/${run.first.colouredMs.toFixed(0)} vs ${run.warm.firstRowMs.toFixed(0)}/${run.warm.colouredMs.toFixed(0)} ms`).join('; ')} (first row/coloured, first read vs again).`,
  ];
}
