import { createReadStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { startServer } from '../../packages/server/src/index';

/** How often the listing is asked while waiting for every transcript in it (the sessions panel asks every 3 s). */
const LIST_POLL_MS = 25;
/** A listing or a subscription that never completes fails the bench instead of hanging it. */
const WAIT_LIMIT_MS = 300_000;

export interface ManyTranscriptsTimes {
  /** First start (fresh data dir): start → every transcript in GET /api/sessions. */
  listedMs: number;
  /** First start: start → every transcript mapped into its mirror (the background mapping done). */
  mappedMs: number;
  /** First start, right after the listing: a subscription to the transcript the background mapping takes last → caught-up. */
  openUnmappedMs: number;
  /** Later start: start → the server listens (the CLI prints the URL then). */
  laterUrlMs: number;
  /** Later start: the server listens → every transcript in GET /api/sessions. */
  laterListedMs: number;
  /** Reading every transcript and JSON.parse of each line, the same run (the floor of mapping them all up front). */
  parseMs: number;
}

/**
 * `count` Claude Code transcripts of about `bytesEach` (the real scenario repeated, one
 * session uuid per file), written once into `root`; answers the projects folder and the
 * session uuids, oldest-written first.
 */
export async function writeManyTranscripts(root: string, scenarioLines: readonly string[], agentSession: string, count: number, bytesEach: number, repeatedLine: (line: string, round: number) => string): Promise<{ projects: string; uuids: string[]; bytes: number }> {
  const projects = path.join(root, 'projects');
  const project = path.join(projects, '-w');
  await mkdir(project, { recursive: true });
  let body = '';
  for (let round = 0; Buffer.byteLength(body) < bytesEach; round += 1) body += scenarioLines.map((line) => repeatedLine(line, round)).join('\n') + '\n';
  const uuids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const uuid = `${agentSession.slice(0, 24)}${index.toString(16).padStart(12, '0')}`;
    await writeFile(path.join(project, `${uuid}.jsonl`), body.replaceAll(agentSession, uuid));
    uuids.push(uuid);
  }
  return { projects, uuids, bytes: Buffer.byteLength(body) * count };
}

/** One first start and one later start on the transcripts, through the real server and its HTTP API. */
export async function timeManyTranscripts(scratch: string, projects: string, uuids: readonly string[], run: number): Promise<ManyTranscriptsTimes> {
  const workspace = path.join(scratch, 'many-transcripts-workspace');
  await mkdir(workspace, { recursive: true });
  const dataDir = path.join(scratch, `many-transcripts-data-${run}`);
  const options = { workspace, dataDir, port: 0, transcriptFolders: [{ source: 'claude-code' as const, root: projects }], clientDir: path.join(scratch, 'no-client'), report: () => {} };
  const parseMs = await readAndParseAll(projects, uuids);

  let started = performance.now();
  const first = await startServer(options);
  let listedMs: number;
  let openUnmappedMs: number;
  let mappedMs: number;
  try {
    await untilListed(first, uuids.length);
    listedMs = performance.now() - started;
    // The background mapping takes the most recently written first: the first file written comes last.
    const opened = performance.now();
    await untilCaughtUp(first, `cc-${uuids[0]}`);
    openUnmappedMs = performance.now() - opened;
    await first.agentSessionsReady;
    mappedMs = performance.now() - started;
  } finally {
    await first.close();
  }

  started = performance.now();
  const later = await startServer(options);
  const laterUrlMs = performance.now() - started;
  let laterListedMs: number;
  try {
    await untilListed(later, uuids.length);
    laterListedMs = performance.now() - started - laterUrlMs;
  } finally {
    await later.close();
  }
  return { listedMs, mappedMs, openUnmappedMs, laterUrlMs, laterListedMs, parseMs };
}

async function readAndParseAll(projects: string, uuids: readonly string[]): Promise<number> {
  const started = performance.now();
  for (const uuid of uuids) {
    const reader = createInterface({ input: createReadStream(path.join(projects, '-w', `${uuid}.jsonl`)), crlfDelay: Infinity });
    for await (const line of reader) JSON.parse(line);
  }
  return performance.now() - started;
}

/** Asks GET /api/sessions until it lists `count` Claude Code sessions. */
async function untilListed(server: { port: number; token: string }, count: number): Promise<void> {
  const deadline = performance.now() + WAIT_LIMIT_MS;
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/sessions`, { headers: { Authorization: `Bearer ${server.token}` } });
    const body = (await response.json()) as { sessions?: Array<{ source: string }> };
    if ((body.sessions ?? []).filter((session) => session.source === 'claude-code').length >= count) return;
    if (performance.now() > deadline) throw new Error(`the listing never reached ${count} transcripts (${WAIT_LIMIT_MS} ms)`);
    await new Promise((resolve) => setTimeout(resolve, LIST_POLL_MS));
  }
}

/** Subscribes to a session from its tail, as the page does, until `caught-up`. */
async function untilCaughtUp(server: { port: number; token: string }, sessionId: string): Promise<void> {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${server.token}`, { headers: { Origin: `http://127.0.0.1:${server.port}` } });
  try {
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${sessionId} never caught up (${WAIT_LIMIT_MS} ms)`)), WAIT_LIMIT_MS);
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { type: string; code?: string; message?: string };
        if (frame.type === 'error') reject(new Error(`${frame.code}: ${frame.message}`));
        if (frame.type !== 'caught-up') return;
        clearTimeout(timer);
        resolve();
      });
      socket.send(JSON.stringify({ type: 'subscribe', sessionId, afterSeq: 0, tail: 1 }));
    });
  } finally {
    socket.close();
  }
}
