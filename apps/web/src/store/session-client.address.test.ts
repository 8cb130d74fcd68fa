import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_HISTORY_REQUEST, type ServerInfo, type SessionSummary } from '@toolcards/protocol';
import { SessionClient, TAIL_EVENTS, type HashPlace } from './session-client';
import { ClientState } from './client-state';
import { WireTestServer } from '../test-support/wire-test-server';
import { until } from '../../../../packages/tools/src/test-support/until';

/** Card and line addresses (`#/s/<id>/<seq>[/L…]`) over a real WebSocket. */

const info: ServerInfo = { version: 'test', workspace: '/w', model: null, editor: 'vscode' };
const summary = (id: string): SessionSummary => ({ id, title: id, cwd: '/w', createdAt: 't', lastActivity: 't', eventCount: 0, toolCalls: 0, paths: [], source: 'toolcards' });
const soon = (flush: () => void) => {
  const timer = setTimeout(flush, 0);
  return () => clearTimeout(timer);
};

describe('SessionClient: opening a link to a card', () => {
  let server: WireTestServer;
  let client: SessionClient | undefined;

  beforeEach(async () => {
    server = await WireTestServer.start();
  });

  afterEach(async () => {
    client?.stop();
    client = undefined;
    await server.close();
  });

  function startClient(initialHash: string) {
    const store = new ClientState();
    const hash: HashPlace & { value: string; writes: string[] } = {
      value: initialHash,
      writes: [],
      read() {
        return this.value;
      },
      write(next) {
        this.value = next;
        this.writes.push(next);
      },
    };
    client = new SessionClient({
      store,
      api: {
        info: async () => info,
        sessions: async () => [summary('s1')],
        createSession: async () => summary('s1'),
        resultText: async (_sessionId, callId) => ({ callId, isError: false, content: [] }),
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
      schedule: soon,
      replaySchedule: soon,
      // No idle-time backfill: every older page asked for here is the link's doing (or follows one).
      backfillSchedule: () => () => {},
      random: () => 0,
    });
    return { store, hash, client };
  }

  const historyRequests = () => server.received.filter((frame) => frame.type === 'load-history');
  const revealedSeq = (store: ClientState) => {
    const { reveal, rows } = store.state.getState();
    if (!reveal) return undefined;
    const index = store.rowIndexOfReveal(reveal);
    return index === undefined ? undefined : rows[index]?.seq;
  };

  it('loads history back to a card far behind the tail, over several requests, then shows and marks it', async () => {
    const events = MAX_HISTORY_REQUEST + 2_000;
    for (let index = 0; index < events; index += 1) server.append();
    const { store, hash } = startClient('#/s/s1/50');
    await client!.start();
    await until(() => expect(store.state.getState().addressed).toMatchObject({ seq: 50, loading: false }));
    expect(hash.value).toBe('#/s/s1/50');
    expect(server.received[0]).toMatchObject({ type: 'subscribe', tail: TAIL_EVENTS });
    // The first request goes as far as one may; the second reaches the card (as large as what is held, up to the most).
    const tailStart = events - TAIL_EVENTS;
    expect(historyRequests().slice(0, 2)).toEqual([
      { type: 'load-history', sessionId: 's1', beforeSeq: tailStart, limit: MAX_HISTORY_REQUEST },
      { type: 'load-history', sessionId: 's1', beforeSeq: tailStart - MAX_HISTORY_REQUEST, limit: MAX_HISTORY_REQUEST },
    ]);
    await until(() => expect(revealedSeq(store)).toBe(50));
    expect(store.state.getState().reveal).toMatchObject({ flash: true });
    expect(store.state.getState().notices).toEqual([]);
  });

  it('shows a card the tail holds without asking for older history', async () => {
    for (let index = 0; index < 300; index += 1) server.append();
    const { store } = startClient('#/s/s1/250/L3-L9');
    await client!.start();
    await until(() => expect(revealedSeq(store)).toBe(250));
    expect(store.state.getState().addressed).toEqual({ seq: 250, lines: { start: 3, end: 9 }, serial: 1, loading: false });
    expect(historyRequests()).toEqual([]);
  });

  it('writes a backwards range the one way, and says so when the card is past the end', async () => {
    for (let index = 0; index < 10; index += 1) server.append();
    const { store, hash } = startClient('#/s/s1/99/L9-L2');
    await client!.start();
    expect(hash.value).toBe('#/s/s1/99/L2-L9');
    await until(() => expect(store.state.getState().notices.map((notice) => notice.code)).toEqual(['LINK']));
    expect(store.state.getState().notices[0]!.message).toBe('The linked card (event 99) is past the end of this session: its last event is 9.');
    expect(store.state.getState().addressed).toBeNull();
    // Not a blank page: the session is shown.
    expect(store.state.getState().rows).toHaveLength(10);
  });

  it('follows an edited address in the open session, and a selection made in a card', async () => {
    for (let index = 0; index < 300; index += 1) server.append();
    const { store, hash } = startClient('#/s/s1');
    await client!.start();
    await until(() => expect(store.state.getState().caughtUp).toBe(true));
    expect(store.state.getState().addressed).toBeNull();

    hash.value = '#/s/s1/280/L4';
    client!.followHash();
    await until(() => expect(revealedSeq(store)).toBe(280));
    expect(store.state.getState().addressed).toMatchObject({ seq: 280, lines: { start: 4, end: 4 }, loading: false });
    const opened = store.state.getState().addressed!.serial;
    expect(opened).toBeGreaterThan(0);

    // Lines picked in a card: the address bar follows without a navigation, and nothing scrolls (serial 0).
    client!.selectLines(290, { start: 2, end: 5 });
    expect(hash.value).toBe('#/s/s1/290/L2-L5');
    expect(store.state.getState().addressed).toEqual({ seq: 290, lines: { start: 2, end: 5 }, serial: 0, loading: false });
    client!.selectLines(290, undefined);
    expect(hash.value).toBe('#/s/s1/290');

    // Back to the session alone: no card is named any more.
    hash.value = '#/s/s1';
    client!.followHash();
    expect(store.state.getState().addressed).toBeNull();
  });
});
