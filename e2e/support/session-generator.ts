import WebSocket from 'ws';
import { AREAS, randomSource, type GeneratedWorkspace } from './generated-workspace';

/**
 * Makes a session the way a user's client does: POST /api/sessions, then `run-tool` frames
 * over the real WebSocket, a bounded number in flight, waiting for every result event.
 * Shared by the reopen bench (bench/reopen) and the e2e spec (e2e/reopen.spec.ts); no
 * product code imports it. Also the Node client that receives a session's history
 * (subscribe from -1 until `caught-up`), the yardstick of the reopen figures.
 *
 * Frames follow packages/protocol/src/wire.ts; the WebSocket path is WEBSOCKET_PATH there.
 * Nothing here imports the product, so Playwright's loader and tsx both take it as is.
 */

export interface ServerAddress {
  /** http://127.0.0.1:port */
  origin: string;
  token: string;
}

export interface PlannedCall {
  name: 'read' | 'grep' | 'glob';
  args: Record<string, string | number>;
}

const WEBSOCKET_PATH = '/ws';

const GREP_PATTERNS = [
  // common (hundreds to thousands of matches over the tree: capped at 250 inline)
  'TODO', 'throw new Error',
  // medium
  'export class \\w+Service', 'FIXME', 'defaultsOrder\\.',
  // rare
  'Refund3Record', 'total11 =', 'Warehouse12Service', 'normalizeCoupon7', 'SESSION_END', 'syncPlan4', 'Invoice9Record \\{',
  'loadToken2\\(', 'Audit5Service', 'computePrice1\\b', 'mergeStock3', 'Review8Record', 'validateCart5\\(', 'renderAddress2',
] as const;
const GLOB_PATTERNS = [
  '**/*.ts', 'src/*/service/*.ts', 'src/**/model/*.ts', '**/*order*.ts', '**/*-sync-*.ts', 'src/*/views/**', '**/package.json',
  '**/*invoice-parse*.ts', 'src/{auth,billing}/**/*.ts', '**/*.md',
] as const;

/**
 * `calls` tool calls in the order grep, glob, read (so 3n calls are n of each), the last one
 * always a read of the workspace's marker file: its card is the session's last, with a
 * title no other card has (`Read <markerPath>`).
 */
export function toolCallPlan(workspace: Pick<GeneratedWorkspace, 'files' | 'markerPath'>, calls: number, seed = 7): PlannedCall[] {
  const random = randomSource(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const plan: PlannedCall[] = [];
  for (let index = 0; index < calls - 1; index += 1) {
    switch (index % 3) {
      case 0: {
        const args: Record<string, string> = { pattern: pick(GREP_PATTERNS) };
        const scope = random();
        if (scope < 0.6) args.path = `src/${pick(AREAS)}`;
        else if (scope < 0.7) args.include = '*.ts';
        plan.push({ name: 'grep', args });
        break;
      }
      case 1: {
        const args: Record<string, string> = { pattern: pick(GLOB_PATTERNS) };
        if (random() < 0.3) args.path = `src/${pick(AREAS)}`;
        plan.push({ name: 'glob', args });
        break;
      }
      default: {
        const file = pick(workspace.files);
        const args: Record<string, string | number> = { path: file.path };
        if (random() < 0.25 && file.lines > 60) {
          args.offset = 1 + Math.floor(random() * (file.lines - 50));
          args.limit = 50 + Math.floor(random() * 350);
        }
        plan.push({ name: 'read', args });
      }
    }
  }
  plan.push({ name: 'read', args: { path: workspace.markerPath } });
  return plan;
}

export async function createSession(server: ServerAddress): Promise<string> {
  const response = await fetch(`${server.origin}/api/sessions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.token}`, Accept: 'application/json' },
  });
  if (response.status !== 201) throw new Error(`POST /api/sessions: HTTP ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { session?: { id?: string } };
  if (typeof body.session?.id !== 'string') throw new Error(`POST /api/sessions: no session id in ${JSON.stringify(body)}`);
  return body.session.id;
}

function socketUrl(server: ServerAddress): string {
  const url = new URL(WEBSOCKET_PATH, server.origin.replace(/^http/, 'ws'));
  url.searchParams.set('token', server.token);
  return url.href;
}

/** The events a server frame carries: one for `event`, the items of a batched `history` frame. */
function eventsOf(frame: Record<string, unknown>): { seq: number; type: string }[] {
  if (frame.type === 'event') return [frame.event as { seq: number; type: string }];
  if (frame.type === 'history' && Array.isArray(frame.items)) {
    return (frame.items as { event: { seq: number; type: string } }[]).map((item) => item.event);
  }
  return [];
}

export interface GeneratedSession {
  sessionId: string;
  calls: number;
  /** seq of the session's last event. */
  lastSeq: number;
  seconds: number;
}

export interface GenerateOptions {
  /** Calls sent and not yet answered by their result event (default 16). */
  inFlight?: number;
  /** Add to this session instead of creating one. */
  sessionId?: string;
  /** The whole generation (default: 60 s + 40 ms a call). */
  timeoutMs?: number;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Runs `plan` in a session through the WebSocket. Every call but the last is sent with at
 * most `inFlight` unanswered; the last (the marker read) only once all others are answered,
 * so its call and result are the session's last events.
 */
export async function generateSession(server: ServerAddress, plan: readonly PlannedCall[], options: GenerateOptions = {}): Promise<GeneratedSession> {
  const started = performance.now();
  const sessionId = options.sessionId ?? (await createSession(server));
  const inFlight = options.inFlight ?? 16;
  const timeoutMs = options.timeoutMs ?? 60_000 + 40 * plan.length;
  const ws = new WebSocket(socketUrl(server));
  let sent = 0;
  let answered = 0;
  let lastSeq = -1;
  let live = false;
  let reported = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`generating a ${plan.length}-call session timed out after ${timeoutMs} ms (${answered} answered, ${sent} sent)`)),
        timeoutMs,
      );
      const finish = (error?: Error) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      const sendMore = () => {
        // All but the last: keep the pipe full. The last: once everything else has its result.
        while (sent < plan.length - 1 && sent - answered < inFlight) send(plan[sent]!);
        if (sent === plan.length - 1 && answered === sent) send(plan[sent]!);
      };
      const send = (call: PlannedCall) => {
        sent += 1;
        ws.send(JSON.stringify({ type: 'run-tool', sessionId, name: call.name, args: call.args, requestId: `gen-${sent}` }));
      };
      ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', sessionId, afterSeq: -1 })));
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as Record<string, unknown>;
        if (frame.type === 'error') return finish(new Error(`server error frame: ${JSON.stringify(frame)}`));
        for (const event of eventsOf(frame)) {
          lastSeq = Math.max(lastSeq, event.seq);
          if (live && event.type === 'tool/result') answered += 1;
        }
        if (frame.type === 'caught-up' && !live) live = true;
        if (!live) return;
        if (answered === plan.length) return finish();
        if (answered - reported >= 500) {
          reported = answered;
          options.onProgress?.(answered, plan.length);
        }
        sendMore();
      });
      ws.on('error', (error) => finish(error));
      ws.on('close', (code) => finish(new Error(`the WebSocket closed (${code}) after ${answered} of ${plan.length} results`)));
    });
  } finally {
    ws.removeAllListeners('close');
    ws.on('error', () => {});
    ws.close();
  }
  return { sessionId, calls: plan.length, lastSeq, seconds: (performance.now() - started) / 1000 };
}

export interface ReceivedHistory {
  /** From opening the socket to the `caught-up` frame. */
  ms: number;
  frames: number;
  /** Frames of the batched kind (`history`). */
  historyFrames: number;
  bytes: number;
  events: number;
  lastSeq: number;
}

/**
 * A Node client's time to receive a session's whole history: connect, subscribe from -1,
 * parse every frame, stop at `caught-up`. Accepts per-event `event` frames and batched
 * `history` frames.
 */
export async function receiveHistory(server: ServerAddress, sessionId: string, timeoutMs = 120_000): Promise<ReceivedHistory> {
  const started = performance.now();
  const ws = new WebSocket(socketUrl(server));
  const received: ReceivedHistory = { ms: 0, frames: 0, historyFrames: 0, bytes: 0, events: 0, lastSeq: -1 };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no caught-up after ${timeoutMs} ms (${received.events} events)`)), timeoutMs);
      const finish = (error?: Error) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', sessionId, afterSeq: -1 })));
      ws.on('message', (data: Buffer) => {
        received.frames += 1;
        received.bytes += data.length;
        const frame = JSON.parse(data.toString()) as Record<string, unknown>;
        if (frame.type === 'error') return finish(new Error(`server error frame: ${JSON.stringify(frame)}`));
        if (frame.type === 'history') received.historyFrames += 1;
        for (const event of eventsOf(frame)) {
          received.events += 1;
          received.lastSeq = Math.max(received.lastSeq, event.seq);
        }
        if (frame.type === 'caught-up') {
          received.ms = performance.now() - started;
          finish();
        }
      });
      ws.on('error', (error) => finish(error));
      ws.on('close', (code) => finish(new Error(`the WebSocket closed (${code}) before caught-up`)));
    });
  } finally {
    ws.removeAllListeners('close');
    ws.on('error', () => {});
    ws.close();
  }
  return received;
}
