import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptEarlySocket } from './adopt-early-socket';
import { EARLY_SOCKET_GLOBAL, openEarlySocket, type EarlySocketConfig } from './early-socket-script';
import { SessionConnection, type ConnectionState } from './session-connection';

/** The browser's WebSocket as the inline script and the app see it; the test plays the server. */
class FakeWebSocket {
  static made: FakeWebSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverSends(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
  serverRefuses() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}

const CONFIG: EarlySocketConfig = {
  tokenKey: 'toolcards.token',
  socketPath: '/ws',
  tail: 200,
  sessionIdPattern: '^[A-Za-z0-9_-]{1,64}$',
  global: EARLY_SOCKET_GLOBAL,
  unclaimedMs: 30_000,
};

const holder = globalThis as Record<string, unknown>;

function pageAt(path: string): void {
  history.replaceState(null, '', path);
}

/** The app's connection as browser-client.ts makes it: its first socket may be the early one. */
function appConnection(url: string) {
  const frames: string[] = [];
  const states: ConnectionState[] = [];
  let handshakeFailures = 0;
  const connection = new SessionConnection({
    url,
    createSocket: (socketUrl, sessionId) => adoptEarlySocket(socketUrl, sessionId) ?? (new FakeWebSocket(socketUrl) as never),
    onFrame: (frame) => frames.push(frame.type),
    onStatus: (state) => states.push(state),
    resumeSeq: () => -1,
    tail: CONFIG.tail,
    onHandshakeFailed: () => (handshakeFailures += 1),
    timers: { setTimeout: () => 0, clearTimeout: () => {} },
  });
  return { connection, frames, states, handshakeFailures: () => handshakeFailures };
}

const subscribedFrame = { type: 'subscribed', sessionId: 's1', header: { type: 'session', version: 1, id: 's1', cwd: '/w', createdAt: '2026-12-01T00:00:00.000Z' }, fromSeq: 0, lastSeq: -1 };

beforeEach(() => {
  FakeWebSocket.made = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  sessionStorage.clear();
});

afterEach(() => {
  delete holder[EARLY_SOCKET_GLOBAL];
  vi.unstubAllGlobals();
  vi.useRealTimers();
  pageAt('/');
});

describe('the early socket', () => {
  it('subscribes once for the session the address names, and the app gets every frame it received first, in order', async () => {
    pageAt(`/?token=t1#/s/s1/12`);
    openEarlySocket(CONFIG);
    const early = FakeWebSocket.made[0]!;
    expect(early.url).toBe(`ws://${location.host}/ws?token=t1`);
    early.serverOpens();
    early.serverSends(subscribedFrame);
    early.serverSends({ type: 'caught-up', sessionId: 's1', lastSeq: -1 });

    const app = appConnection(`ws://${location.host}/ws?token=t1`);
    app.connection.open('s1');
    await Promise.resolve();
    early.serverSends({ type: 'call-state', sessionId: 's1', callId: 'c1', state: 'queued' });

    expect(FakeWebSocket.made).toHaveLength(1);
    // The connection's own subscribe is the very frame the page already sent: it goes once.
    expect(early.sent).toEqual([JSON.stringify({ type: 'subscribe', sessionId: 's1', afterSeq: -1, tail: 200 })]);
    expect(app.frames).toEqual(['subscribed', 'caught-up', 'call-state']);
    expect(app.states.at(-1)).toEqual({ status: 'connected' });
    // Taken once: nothing is left for a second connection.
    expect(holder[EARLY_SOCKET_GLOBAL]).toBeUndefined();
  });

  it('takes the token this tab stored when the address has none, as the app does', () => {
    sessionStorage.setItem('toolcards.token', 'stored');
    pageAt('/#/s/s1');
    openEarlySocket(CONFIG);
    expect(FakeWebSocket.made[0]!.url).toBe(`ws://${location.host}/ws?token=stored`);
  });

  it('opens nothing for an address that names no session, or a session id the app would not open', () => {
    for (const path of ['/', '/#/', '/#/s/', '/#/s/bad%20id']) {
      pageAt(path);
      openEarlySocket(CONFIG);
    }
    expect(FakeWebSocket.made).toEqual([]);
    expect(holder[EARLY_SOCKET_GLOBAL]).toBeUndefined();
  });

  it('a socket still opening when the app takes it gets the app’s own subscribe on open', async () => {
    pageAt('/#/s/s1');
    openEarlySocket(CONFIG);
    const early = FakeWebSocket.made[0]!;
    const app = appConnection(`ws://${location.host}/ws`);
    app.connection.open('s1');
    await Promise.resolve();
    early.serverOpens();
    expect(early.sent).toEqual([JSON.stringify({ type: 'subscribe', sessionId: 's1', afterSeq: -1, tail: 200 })]);
    expect(app.states.at(-1)).toEqual({ status: 'connected' });
  });

  it('is closed, not used, when the app opens another session or another URL', async () => {
    pageAt('/#/s/s1');
    openEarlySocket(CONFIG);
    const early = FakeWebSocket.made[0]!;
    early.serverOpens();
    const app = appConnection(`ws://${location.host}/ws?token=new`);
    app.connection.open('s1');
    await Promise.resolve();
    expect(early.closed).toBe(true);
    expect(FakeWebSocket.made).toHaveLength(2);
    FakeWebSocket.made[1]!.serverOpens();
    expect(FakeWebSocket.made[1]!.sent).toHaveLength(1);
  });

  it('a refusal before the app came is told to the app, which then checks its token', async () => {
    pageAt('/?token=old#/s/s1');
    openEarlySocket(CONFIG);
    FakeWebSocket.made[0]!.serverRefuses();
    const app = appConnection(`ws://${location.host}/ws?token=old`);
    app.connection.open('s1');
    await Promise.resolve();
    expect(app.handshakeFailures()).toBe(1);
    expect(app.states.at(-1)?.status).toBe('reconnecting');
  });

  it('closes itself when no app takes it (the page failed to start)', () => {
    vi.useFakeTimers();
    pageAt('/#/s/s1');
    openEarlySocket(CONFIG);
    vi.advanceTimersByTime(CONFIG.unclaimedMs);
    expect(FakeWebSocket.made[0]!.closed).toBe(true);
    expect(holder[EARLY_SOCKET_GLOBAL]).toBeUndefined();
  });
});
