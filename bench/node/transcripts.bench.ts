import { appendFileSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { startServer } from '../../packages/server/src/index';
import type { BenchDefinition } from '../bench-context';
import { exactFigure, measuredFigure } from '../figures';
import { pairwiseRatios } from '../stats';
import { timeManyTranscripts, writeManyTranscripts } from './many-transcripts';
import { AGENT_SESSION, FIXTURE, readAndParse, repeatedLine, writeRepeated } from './repeated-transcript';

const LIVE_LINES = 20;
/** A live line whose event never comes fails the bench instead of hanging it. */
const LIVE_TIMEOUT_MS = 60_000;
/** The many-sessions case: 1,000 transcripts of ≈ 1.1 MB (1 GB). */
const MANY_TRANSCRIPTS = 1_000;
const MANY_TRANSCRIPT_BYTES = 1.1e6;

export const transcriptsBench: BenchDefinition = {
  name: 'transcripts',
  about: 'Claude Code transcripts mirrored: a big one mapped at first start vs reading it and JSON.parse of each line, a later start, a live line → its event on a WebSocket',
  async run(context) {
    const lines = readFileSync(path.join(context.repoRoot, FIXTURE), 'utf8').split('\n').filter((line) => line !== '');
    const megabytes = context.quick ? 5 : 100;
    const claudeDir = path.join(context.scratch, 'transcripts', 'claude');
    const project = path.join(claudeDir, 'projects', '-w');
    await mkdir(project, { recursive: true });
    const transcript = path.join(project, `${AGENT_SESSION}.jsonl`);
    const { bytes, lineCount } = await writeRepeated(transcript, lines, megabytes * 1e6);
    const workspace = path.join(context.scratch, 'transcripts', 'workspace');
    await mkdir(workspace, { recursive: true });
    const folders = [{ source: 'claude-code' as const, root: path.join(claudeDir, 'projects') }];

    const mirrorMs: number[] = [];
    const parseMs: number[] = [];
    const laterStartMs: number[] = [];
    const latencyMs: number[] = [];
    const runs = Math.max(1, Math.min(context.runs, context.quick ? 1 : 3));
    for (let run = 0; run < runs; run += 1) {
      const dataDir = path.join(context.scratch, 'transcripts', `data-${run}`);
      // Baseline, same run: the least any mapping does (read the file, parse each line).
      parseMs.push(await readAndParse(transcript));
      let started = performance.now();
      const first = await startServer({ workspace, dataDir, port: 0, transcriptFolders: folders, clientDir: path.join(context.scratch, 'no-client'), report: () => {} });
      await first.agentSessionsReady;
      mirrorMs.push(performance.now() - started);
      await first.close();

      started = performance.now();
      const later = await startServer({ workspace, dataDir, port: 0, transcriptFolders: folders, clientDir: path.join(context.scratch, 'no-client'), report: () => {} });
      await later.agentSessionsReady;
      laterStartMs.push(performance.now() - started);
      latencyMs.push(...(await liveLatencies(later, transcript, lines, run)));
      await later.close();
    }
    const what = `${(bytes / 1e6).toFixed(0)} MB transcript (${lineCount.toLocaleString('en-US')} lines)`;

    // Many transcripts: a first start lists them all from their heads, then maps them in the background.
    const manyCount = context.quick ? 40 : MANY_TRANSCRIPTS;
    const many = await writeManyTranscripts(path.join(context.scratch, 'many-transcripts'), lines, AGENT_SESSION, manyCount, context.quick ? 250e3 : MANY_TRANSCRIPT_BYTES, repeatedLine);
    const manyTimes = [];
    for (let run = 0; run < (context.quick ? 1 : 2); run += 1) {
      context.log(`transcripts: ${manyCount} transcripts, run ${run + 1}`);
      manyTimes.push(await timeManyTranscripts(context.scratch, many.projects, many.uuids, run));
    }
    const manyWhat = `${manyCount.toLocaleString('en-US')} transcripts (${(many.bytes / 1e6).toFixed(0)} MB)`;
    return {
      figures: [
        exactFigure('transcripts.size', `${what}: size`, 'MB', bytes / 1e6),
        measuredFigure('transcripts.mirror.ms', `${what}: first start, mirrored whole`, 'ms', mirrorMs),
        measuredFigure('transcripts.parse.ms', `${what}: read + JSON.parse of each line (baseline)`, 'ms', parseMs),
        measuredFigure('transcripts.mirror.ratio', `${what}: mirrored / read + parse`, 'ratio', pairwiseRatios(mirrorMs, parseMs)),
        measuredFigure('transcripts.later-start.ms', `${what}: later start, unchanged transcript, until mirrored`, 'ms', laterStartMs, { op: '≤', value: 300 }),
        measuredFigure('transcripts.live.ms', 'live: a line appended → its event frame on a subscribed WebSocket', 'ms', latencyMs, { op: '≤', value: 300 }),
        measuredFigure('transcripts.many.listed.ms', `${manyWhat}: first start until all are listed (GET /api/sessions)`, 'ms', manyTimes.map((times) => times.listedMs), { op: '≤', value: 10_000 }),
        measuredFigure('transcripts.many.open-unmapped.ms', `${manyWhat}: first start, right after the listing: the session mapped last opened (subscribe → caught-up)`, 'ms', manyTimes.map((times) => times.openUnmappedMs)),
        measuredFigure('transcripts.many.mapped.ms', `${manyWhat}: first start until all are mapped (in the background)`, 'ms', manyTimes.map((times) => times.mappedMs)),
        measuredFigure('transcripts.many.parse.ms', `${manyWhat}: read + JSON.parse of each line (baseline)`, 'ms', manyTimes.map((times) => times.parseMs)),
        measuredFigure('transcripts.many.mapped.ratio', `${manyWhat}: mapped / read + parse`, 'ratio', pairwiseRatios(manyTimes.map((times) => times.mappedMs), manyTimes.map((times) => times.parseMs))),
        measuredFigure('transcripts.many.later-url.ms', `${manyWhat}: later start until the server listens (in-process)`, 'ms', manyTimes.map((times) => times.laterUrlMs), { op: '≤', value: 300 }),
        measuredFigure('transcripts.many.later-listed.ms', `${manyWhat}: later start, from listening until all are listed`, 'ms', manyTimes.map((times) => times.laterListedMs), { op: '≤', value: 200 }),
      ],
      details: [
        'The transcript repeats the real 2.1.332 scenario (reads, greps, glob, shells, edits, plan) with fresh tool ids. Mirroring goes through the session log and the open session, as live lines do.',
        '',
        `${manyWhat}: the same scenario repeated to ≈ ${(many.bytes / manyCount / 1e6).toFixed(1)} MB, one session uuid per file; each run a fresh data dir, the first start then a later one, in-process (\`startServer\`), GET /api/sessions asked every 25 ms until it lists them all. A first start lists transcripts never mapped from their heads and maps them in the background (decision 0020); opening one not mapped yet maps it first.`,
        '',
        'Before decision 0020 (2026-12-01 ≈ 22:00 UTC; the real CLI from source, load 4–12): a first start on 1,000 such transcripts listed them only once all were mapped, 28.2 s (read + JSON.parse of them all 23.8 s; fdatasync of the mirrors 6.8 s of it); the first live line after a later start waited ≈ 1 s (the 100 MB file fed to a fresh importer again; the importer now resumes from its state saved at the offset).',
      ],
    };
  },
};

/** Appends one tool-call line at a time and times until its event reaches a watcher. */
async function liveLatencies(server: { port: number; token: string }, transcript: string, lines: readonly string[], run: number): Promise<number[]> {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${server.token}`, { headers: { Origin: `http://127.0.0.1:${server.port}` } });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let onEvent: ((callId: string) => void) | undefined;
  let caughtUp: (() => void) | undefined;
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { type: string; event?: { type: string; data: { callId?: string } } };
    if (frame.type === 'caught-up') caughtUp?.();
    if (frame.type === 'event' && frame.event?.type === 'tool/call' && frame.event.data.callId) onEvent?.(frame.event.data.callId);
  });
  await new Promise<void>((resolve) => {
    caughtUp = resolve;
    socket.send(JSON.stringify({ type: 'subscribe', sessionId: `cc-${AGENT_SESSION}`, afterSeq: 0, tail: 1 }));
  });
  const callLine = lines.find((line) => line.includes('"tool_use"') && line.includes('toolu_glob'))!;
  const latencies: number[] = [];
  for (let index = 0; index < LIVE_LINES; index += 1) {
    // Unique per run: the transcript keeps the lines of earlier runs, and a repeated tool id is not a new call.
    const callId = `toolu_live_${run}_${index}`;
    const arrived = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${callId} never reached the WebSocket (${LIVE_TIMEOUT_MS} ms)`)), LIVE_TIMEOUT_MS);
      onEvent = (id) => {
        if (id !== callId) return;
        clearTimeout(timer);
        resolve(performance.now());
      };
    });
    const written = performance.now();
    appendFileSync(transcript, `${callLine.replaceAll('toolu_glob', callId)}\n`);
    latencies.push((await arrived) - written);
  }
  socket.close();
  return latencies;
}
