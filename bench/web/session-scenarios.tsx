import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { SessionSummary } from '@toolcards/protocol';
import { App } from '../../apps/web/src/app/app';
import { SessionClient } from '../../apps/web/src/store/session-client';
import { ClientState } from '../../apps/web/src/store/client-state';
import '../../apps/web/src/styles/theme.css';
import { centreOf, reportToRunner, type ReplayResult, type StreamingResult } from './bench-results';
import { FrameSource } from './frame-source';
import { LongTaskRecorder } from './long-tasks';
import { afterNextPaint, whenPainted } from './paint';
import { BENCH_SESSION_ID, BENCH_WORKSPACE } from './session-events';

const SUMMARY: SessionSummary = {
  id: BENCH_SESSION_ID,
  title: 'Bench session',
  cwd: BENCH_WORKSPACE,
  createdAt: '2025-01-01T00:00:00Z',
  lastActivity: '2025-01-01T00:00:00Z',
  eventCount: 0,
  toolCalls: 0,
  paths: [],
  source: 'toolcards',
};

/** The whole app shell (header, timeline, composer) on a client whose socket is the frame source. */
function mountApp(container: HTMLElement, source: FrameSource): SessionClient {
  let hash = '';
  const client = new SessionClient({
    store: new ClientState(),
    api: {
      info: async () => ({ version: 'bench', workspace: BENCH_WORKSPACE, model: { model: 'bench-model', baseUrl: 'http://127.0.0.1:9' }, editor: 'vscode' }),
      sessions: async () => [SUMMARY],
      createSession: async () => SUMMARY,
      resultText: async () => {
        throw new Error('the bench sends full results');
      },
      fullResultOutline: async () => {
        throw new Error('the bench has no capped results');
      },
      fullResultPage: async () => {
        throw new Error('the bench has no capped results');
      },
      fileLines: async () => {
        throw new Error('the bench looks at no files');
      },
      readFreshness: async (_sessionId, callId) => ({ callId, path: '', state: 'unchanged' }),
      searchSessions: async () => {
        throw new Error('the bench searches no sessions');
      },
    },
    socketUrl: 'ws://127.0.0.1:9/ws?token=bench',
    hash: { read: () => hash, write: (next) => (hash = next) },
    createSocket: source.createSocket,
  });
  createRoot(container).render(
    <StrictMode>
      <App client={client} />
    </StrictMode>,
  );
  return client;
}

/** Opening a logged session of `cards` tool cards: from mounting the app to its first and its settled screen. */
export async function replayScenario(container: HTMLElement, cards: number): Promise<ReplayResult> {
  const source = new FrameSource();
  const session = await source.prepare({ maxCards: cards, cardsPerTurn: 5, deltasPerMessage: 6 }, 'replay');
  const longTasks = new LongTaskRecorder();

  const started = performance.now();
  const client = mountApp(container, source);
  const firstRowsAt = await whenPainted(() => container.querySelector('.timeline__row') !== null);
  // Settled: every event in the store and the timeline drawn to its end. Not a row count of the
  // bench's own: the timeline folds runs of reads and searches into one row (decision 0021).
  const caughtUpAt = await whenPainted(() => {
    const state = client.store.state.getState();
    const scroller = container.querySelector('.timeline__scroller');
    return state.caughtUp && state.lastSeq === session.lastSeq && scroller !== null
      && container.querySelector('.timeline__row') !== null
      && scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 2;
  });
  return {
    firstRowsMs: firstRowsAt - started,
    caughtUpMs: caughtUpAt - started,
    rows: client.store.state.getState().rows.length,
    events: session.events,
    frameBytes: session.bytes,
    longestTaskMs: longTasks.longestBetween(started, caughtUpAt),
  };
}

/**
 * A live session receiving `events` events, `perTick` every `tickMs`, while the runner types
 * into the composer: the longest main-thread task and the delay of every key press.
 */
export async function streamingScenario(container: HTMLElement, events: number, perTick: number, tickMs: number): Promise<StreamingResult> {
  const source = new FrameSource();
  const session = await source.prepare({ maxEvents: events, cardsPerTurn: 5, deltasPerMessage: 40 }, 'stream');
  const client = mountApp(container, source);
  await whenPainted(() => client.store.state.getState().caughtUp && container.querySelector('.composer__input') !== null);

  const inputDelays: number[] = [];
  // Capture phase on window: the first listener to run, so the delay is the wait for the main thread.
  window.addEventListener('keydown', (event) => inputDelays.push(performance.now() - event.timeStamp), { capture: true });
  const eventDurations: number[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) eventDurations.push(entry.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  const longTasks = new LongTaskRecorder();

  await afterNextPaint();
  reportToRunner({ phase: 'ready-for-input', at: centreOf(container.querySelector('.composer__input')!) });
  const started = performance.now();
  const end = await source.startStream(perTick, tickMs);
  const lastSentAt = performance.now();
  const shownAt = await whenPainted(() => client.store.state.getState().lastSeq === end.lastSeq);
  inputDelays.sort((a, b) => a - b);
  return {
    events: end.events,
    sendSeconds: end.sendSeconds,
    drainLagMs: shownAt - lastSentAt,
    longestTaskMs: longTasks.longestBetween(started, shownAt),
    longTasks: longTasks.countBetween(started, shownAt),
    inputs: inputDelays.length,
    worstInputDelayMs: inputDelays.at(-1) ?? 0,
    medianInputDelayMs: inputDelays[Math.floor(inputDelays.length / 2)] ?? 0,
    worstEventDurationMs: Math.max(0, ...eventDurations),
    rows: session.rows,
  };
}
