/**
 * Plays the server: holds a generated session as JSON frames and sends them to the page
 * (replay: all at once, as a server answering a subscribe; stream: N frames every T ms).
 * A worker, so that sending keeps its pace whatever the page's main thread is doing —
 * as frames arriving from the network do.
 */
import type { ServerFrame } from '@toolcards/protocol';
import type { FrameSourceReply, FrameSourceRequest } from './frame-source-messages';
import { BENCH_SESSION_ID, BENCH_WORKSPACE, generateSession, type GeneratedSession } from './session-events';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<FrameSourceRequest>) => void) | null;
  postMessage(message: FrameSourceReply): void;
};

/** Frames per message in a replay: about what one socket read would hand over. */
const REPLAY_BATCH = 64;

let session: GeneratedSession | undefined;
let mode: 'replay' | 'stream' = 'replay';

const frame = (value: ServerFrame): string => JSON.stringify(value);

scope.onmessage = ({ data: request }) => {
  switch (request.type) {
    case 'prepare': {
      mode = request.mode;
      session = generateSession(request.shape);
      const { events, cards, rows, lastSeq, bytes } = session;
      scope.postMessage({ type: 'prepared', events, cards, rows, lastSeq, bytes });
      return;
    }
    case 'subscribe':
      subscribe();
      return;
    case 'start-stream':
      void stream(request.perTick, request.tickMs);
      return;
  }
};

function subscribe(): void {
  const current = session!;
  const opening = [
    frame({ type: 'hello', version: 'bench', workspace: BENCH_WORKSPACE, model: { model: 'bench-model', baseUrl: 'http://127.0.0.1:9' }, editor: 'vscode' }),
    frame({
      type: 'subscribed',
      sessionId: BENCH_SESSION_ID,
      header: { type: 'session', version: 1, id: BENCH_SESSION_ID, cwd: BENCH_WORKSPACE, createdAt: '2025-01-01T00:00:00Z' },
      // The history that follows: all of it when replaying, none for a live stream.
      fromSeq: 0,
      lastSeq: mode === 'stream' ? -1 : current.lastSeq,
    }),
  ];
  if (mode === 'stream') {
    // A new session: nothing to replay; every event comes live after the start.
    scope.postMessage({ type: 'frames', frames: [...opening, frame({ type: 'caught-up', sessionId: BENCH_SESSION_ID, lastSeq: -1 })] });
    return;
  }
  scope.postMessage({ type: 'frames', frames: opening });
  for (let start = 0; start < current.frames.length; start += REPLAY_BATCH) {
    scope.postMessage({ type: 'frames', frames: current.frames.slice(start, start + REPLAY_BATCH) });
  }
  scope.postMessage({ type: 'frames', frames: [frame({ type: 'caught-up', sessionId: BENCH_SESSION_ID, lastSeq: current.lastSeq })] });
}

/** `perTick` frames every `tickMs`, on a schedule fixed at the start (a late tick does not shift the rest). */
async function stream(perTick: number, tickMs: number): Promise<void> {
  const current = session!;
  const started = performance.now();
  for (let tick = 0, start = 0; start < current.frames.length; tick += 1, start += perTick) {
    const due = started + tick * tickMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    scope.postMessage({ type: 'frames', frames: current.frames.slice(start, start + perTick) });
  }
  scope.postMessage({
    type: 'stream-end',
    lastSeq: current.lastSeq,
    events: current.events,
    sendSeconds: (performance.now() - started) / 1000,
  });
}
