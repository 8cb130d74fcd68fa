import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServerInfo, SessionSummary } from '@toolcards/protocol';
import { CARDS_READY_CAP_MS, SessionClient, TAIL_EVENTS, type HashPlace } from './session-client';
import { ClientState } from './client-state';
import { UnauthorizedError } from '../net/server-api';
import { WireTestServer } from '../test-support/wire-test-server';
import type { ConnectionStatus, Timers } from '../net/session-connection';
import { until } from '../../../../packages/tools/src/test-support/until';

const info: ServerInfo = { version: 'test', workspace: '/w', model: null, editor: 'vscode' };
const summary = (id: string): SessionSummary => ({ id, title: id, cwd: '/w', createdAt: 't', lastActivity: 't', eventCount: 0, toolCalls: 0, paths: [], source: 'toolcards' });

function memoryHash(initial = ''): HashPlace & { value: string } {
  return {
    value: initial,
    read() { return this.value; },
    write(hash) { this.value = hash; },
  };
}

describe('SessionClient over a real WebSocket', () => {
  let server: WireTestServer;
  let client: SessionClient | undefined;
  const statuses: ConnectionStatus[] = [];

  beforeEach(async () => {
    server = await WireTestServer.start();
    statuses.length = 0;
  });

  afterEach(async () => {
    client?.stop();
    client = undefined;
    await server.close();
  });

  function startClient(options: { hash?: string; api?: Partial<SessionClient['store']> & object; sessions?: SessionSummary[]; cardsReady?: Promise<unknown>; timers?: Timers } = {}) {
    const store = new ClientState();
    store.state.subscribe((state, previous) => {
      if (state.connection.status !== previous.connection.status) statuses.push(state.connection.status);
    });
    const created: string[] = [];
    const hash = memoryHash(options.hash);
    client = new SessionClient({
      store,
      api: {
        info: async () => info,
        sessions: async () => options.sessions ?? [summary('s1')],
        createSession: async () => (created.push('s1'), summary('s1')),
        resultText: async (_sessionId, callId) => ({ callId, isError: false, content: [{ type: 'text', text: `text of ${callId}` }] }),
        fullResultOutline: async (_sessionId, callId) => ({ shape: 'paths', callId, total: 0 }),
        fullResultPage: async () => ({ shape: 'paths', offset: 0, paths: [] }),
        fileLines: async () => {
          throw new Error('no file lines in this test');
        },
        readFreshness: async (_sessionId, callId) => ({ callId, path: 'a.ts', state: 'unchanged' }),
        searchSessions: async (query) => ({ query: query.text, hits: [], truncated: false, more: 0, sessions: 0 }),
      },
      socketUrl: server.url,
      hash,
      schedule: (flush) => {
        const timer = setTimeout(flush, 0);
        return () => clearTimeout(timer);
      },
      replaySchedule: (flush) => {
        const timer = setTimeout(flush, 0);
        return () => clearTimeout(timer);
      },
      random: () => 0,
      ...(options.cardsReady ? { cardsReady: options.cardsReady } : {}),
      ...(options.timers ? { timers: options.timers } : {}),
    });
    return { store, hash, created, client };
  }

  const rowsOf = (store: ClientState) => store.state.getState().rows.map((row) => (row.kind === 'user-message' ? row.text : row.kind));

  it('opens the newest session, replays its history, then follows live events', async () => {
    for (let index = 0; index < 3; index += 1) server.append();
    const { store, hash } = startClient();
    await client!.start();
    await until(() => expect(store.state.getState().caughtUp).toBe(true));
    expect(hash.value).toBe('#/s/s1');
    expect(server.received[0]).toEqual({ type: 'subscribe', sessionId: 's1', afterSeq: -1, tail: TAIL_EVENTS });
    expect(rowsOf(store)).toEqual(['m0', 'm1', 'm2']);
    server.append('live');
    await until(() => expect(rowsOf(store)).toEqual(['m0', 'm1', 'm2', 'live']));
    expect(statuses).toEqual(['connected']); // it starts as 'connecting'
  });

  it('opens the session at once but draws nothing of it until the cards can be drawn, so no result comes before its card', async () => {
    server.append();
    let cardsIn!: () => void;
    const { store } = startClient({ cardsReady: new Promise<void>((resolve) => (cardsIn = resolve)) });
    await client!.start();
    // The server reads the session while the cards' code comes: its frames are here, held.
    await until(() => expect(server.received).toEqual([{ type: 'subscribe', sessionId: 's1', afterSeq: -1, tail: TAIL_EVENTS }]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.state.getState().rows).toEqual([]);
    cardsIn();
    await until(() => expect(rowsOf(store)).toEqual(['m0']));
    expect(store.state.getState().caughtUp).toBe(true);
  });

  it('draws the session when a card chunk fails, or never comes within the cap', async () => {
    server.append();
    const failed = startClient({ cardsReady: Promise.reject(new Error('chunk failed')) });
    await client!.start();
    await until(() => expect(rowsOf(failed.store)).toEqual(['m0']));
    client!.stop();

    const waiting: { callback: () => void; ms: number }[] = [];
    const timers: Timers = {
      setTimeout: (callback, ms) => waiting.push({ callback, ms }),
      clearTimeout: () => {},
    };
    const never = startClient({ cardsReady: new Promise<void>(() => {}), timers });
    // The cap counts from the first frame held, not from the page's start (a socket that opens late still waits).
    expect(waiting.filter((timer) => timer.ms === CARDS_READY_CAP_MS)).toEqual([]);
    await client!.start();
    await until(() => expect(server.received.filter((frame) => frame.type === 'subscribe')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(never.store.state.getState().rows).toEqual([]);
    const caps = waiting.filter((timer) => timer.ms === CARDS_READY_CAP_MS);
    expect(caps, 'one cap timer, set when the first frame was held').toHaveLength(1);
    const cap = caps[0];
    cap!.callback();
    await until(() => expect(rowsOf(never.store)).toEqual(['m0']));
  });

  it('looks at files now only for a session that ran in this workspace (another one’s are refused by the server)', async () => {
    server.append();
    const here = startClient();
    await client!.start();
    await until(() => expect(here.store.state.getState().caughtUp).toBe(true));
    expect(client!.fileSource('c1'), 'this workspace').toBeDefined();
    client!.stop();

    server.sessionCwd = '/elsewhere/app';
    const elsewhere = startClient();
    await client!.start();
    await until(() => expect(elsewhere.store.state.getState().caughtUp).toBe(true));
    expect(client!.fileSource('c1'), 'another workspace').toBeUndefined();
  });

  it('starts once however often it is asked (the page, then the workbench), and again after a stop', async () => {
    server.append();
    const { store } = startClient();
    await Promise.all([client!.start(), client!.start()]);
    await until(() => expect(store.state.getState().caughtUp).toBe(true));
    await client!.start();
    expect(server.received.filter((frame) => frame.type === 'subscribe')).toHaveLength(1);
    client!.stop();
    await client!.start();
    await until(() => expect(server.received.filter((frame) => frame.type === 'subscribe')).toHaveLength(2));
  });

  it('creates no session on opening a workspace that has none: its first command creates it and is sent', async () => {
    const first = startClient({ sessions: [] });
    await client!.start();
    expect(first.created).toEqual([]);
    expect(first.store.state.getState()).toMatchObject({ sessionId: null, caughtUp: true, rows: [] });
    expect(first.hash.value).toBe('');
    expect(client!.runTool('glob', { pattern: '*' })).toBe(true);
    expect(client!.runTool('grep', { pattern: 'x' })).toBe(true);
    await until(() => expect(server.received.filter((frame) => frame.type === 'run-tool').map((frame) => frame.name)).toEqual(['glob', 'grep']));
    expect(first.created).toEqual(['s1']);
    expect(first.hash.value).toBe('#/s/s1');
    // "+ New session" is blank again, with nothing created until it is used.
    client!.newSession();
    expect(first.store.state.getState()).toMatchObject({ sessionId: null, rows: [] });
    expect(first.created).toEqual(['s1']);
  });

  // Typed as the page loads (the first load still choosing), in a workspace with no session:
  // the command must create the session and be sent, not vanish from a cleared composer.
  it('sends a command typed before the first load chose, in a workspace that has none', async () => {
    const first = startClient({ sessions: [] });
    const started = client!.start();
    expect(client!.runTool('grep', { pattern: 'greet' })).toBe(true);
    await started;
    await until(() => expect(server.received.filter((frame) => frame.type === 'run-tool').map((frame) => frame.name)).toEqual(['grep']));
    expect(first.created).toEqual(['s1']);
    expect(first.hash.value).toBe('#/s/s1');
  });

  it('reopens the session named in the URL', async () => {
    const second = startClient({ hash: '#/s/s1', sessions: [] });
    await client!.start();
    expect(second.created).toEqual([]);
    expect(second.store.state.getState().sessionId).toBe('s1');
  });

  it('reconnects after a drop and resumes from the last seq, with no duplicated rows', async () => {
    server.append();
    server.append();
    const { store } = startClient();
    await client!.start();
    await until(() => expect(store.state.getState().caughtUp).toBe(true));
    server.replayOverlap = 2; // the server resends what the client already has
    server.dropAll();
    await until(() => expect(store.state.getState().connection.status).toBe('reconnecting'));
    server.append('while away');
    await until(() => expect(server.connections).toBe(2));
    await until(() => expect(rowsOf(store)).toEqual(['m0', 'm1', 'while away']));
    expect(server.received.filter((frame) => frame.type === 'subscribe')).toEqual([
      { type: 'subscribe', sessionId: 's1', afterSeq: -1, tail: TAIL_EVENTS },
      { type: 'subscribe', sessionId: 's1', afterSeq: 1 },
    ]);
    expect(statuses).toEqual(['connected', 'reconnecting', 'connected']);
    server.append('after');
    await until(() => expect(rowsOf(store)).toEqual(['m0', 'm1', 'while away', 'after']));
  });

  it('never skips a gap: it resumes from the last seq it holds', async () => {
    server.append();
    const { store } = startClient();
    await client!.start();
    await until(() => expect(store.state.getState().caughtUp).toBe(true));
    server.skipLive.add(1);
    server.append('lost in transit');
    server.append('after the hole');
    await until(() => expect(rowsOf(store)).toEqual(['m0', 'lost in transit', 'after the hole']));
    expect(server.received.filter((frame) => frame.type === 'subscribe').at(-1)).toEqual({ type: 'subscribe', sessionId: 's1', afterSeq: 0 });
  });

  it('resumes after the server drops it as a slow consumer', async () => {
    server.append();
    const { store } = startClient();
    await client!.start();
    await until(() => expect(store.state.getState().caughtUp).toBe(true));
    server.broadcast({ type: 'error', code: 'SLOW_CONSUMER', message: 'you are too slow' });
    await until(() => expect(server.connections).toBe(2));
    server.append('next');
    await until(() => expect(rowsOf(store)).toEqual(['m0', 'next']));
    expect(store.state.getState().notices).toEqual([]);
  });

  it('keeps the shown rows while offline, and says so', async () => {
    server.append();
    const { store } = startClient();
    await client!.start();
    await until(() => expect(store.state.getState().caughtUp).toBe(true));
    await server.close();
    await until(() => expect(store.state.getState().connection.status).toBe('offline'));
    expect(rowsOf(store)).toEqual(['m0']);
    expect(client!.runTool('read', { path: 'a' })).toBe(false);
    expect(store.state.getState().notices.at(-1)?.code).toBe('NOT_CONNECTED');
  });

  it('sends run-tool, user-message and cancel frames for the open session', async () => {
    const { store } = startClient();
    await client!.start();
    await until(() => expect(store.state.getState().connection.status).toBe('connected'));
    expect(client!.runTool('grep', { pattern: 'x' })).toBe(true);
    expect(client!.sendMessage('hello')).toBe(true);
    expect(client!.cancel()).toBe(true);
    client!.openLocation({ path: 'src/a.ts', line: 30 });
    await until(() => expect(server.received).toHaveLength(5));
    expect(server.received.slice(1)).toEqual([
      { type: 'run-tool', sessionId: 's1', name: 'grep', args: { pattern: 'x' }, requestId: 'r1' },
      { type: 'user-message', sessionId: 's1', text: 'hello' },
      { type: 'cancel', sessionId: 's1' },
      { type: 'run-tool', sessionId: 's1', name: 'read', args: { path: 'src/a.ts', offset: 20 }, requestId: 'r2' },
    ]);
  });

  it('shows the token screen when the API refuses the token', async () => {
    const store = new ClientState();
    client = new SessionClient({
      store,
      api: { info: async () => { throw new UnauthorizedError(); }, sessions: async () => [], createSession: async () => summary('x'), resultText: async () => { throw new UnauthorizedError(); }, fullResultOutline: async () => { throw new UnauthorizedError(); }, fullResultPage: async () => { throw new UnauthorizedError(); }, fileLines: async () => { throw new UnauthorizedError(); }, readFreshness: async () => { throw new UnauthorizedError(); }, searchSessions: async () => { throw new UnauthorizedError(); } },
      socketUrl: server.url,
      hash: memoryHash(),
    });
    await client.start();
    expect(store.state.getState().unauthorized).toBe(true);
  });
});
