import { describe, expect, it } from 'vitest';
import { SessionConnection, type SocketLike } from './session-connection';
import type { ConnectionState } from './session-connection';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) { this.sent.push(data); }
  close() { this.closed = true; this.readyState = 3; }
  open() { this.readyState = 1; this.onopen?.(new Event('open')); }
  drop() { this.readyState = 3; this.onclose?.(new CloseEvent('close')); }
  receive(frame: unknown) { this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) })); }
}

function harness(options: { online?: boolean } = {}) {
  const sockets: FakeSocket[] = [];
  const states: ConnectionState[] = [];
  const timers: Array<{ ms: number; run: () => void }> = [];
  let now = 1_000;
  let resumeSeq = -1;
  let handshakeFailures = 0;
  const droppedQueues: number[] = [];
  const connection = new SessionConnection({
    url: 'ws://h/ws?token=t',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    onFrame: () => {},
    onStatus: (state) => states.push(state),
    resumeSeq: () => resumeSeq,
    onHandshakeFailed: () => (handshakeFailures += 1),
    onQueuedDropped: (count) => droppedQueues.push(count),
    timers: {
      setTimeout: (run, ms) => {
        const timer = { ms, run };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (handle) => {
        const index = timers.indexOf(handle as (typeof timers)[number]);
        if (index >= 0) timers.splice(index, 1);
      },
    },
    random: () => 0.5,
    now: () => now,
    isOnline: () => options.online ?? true,
  });
  return {
    connection,
    sockets,
    states,
    timers,
    last: () => sockets.at(-1)!,
    setResumeSeq: (seq: number) => (resumeSeq = seq),
    fireTimer: () => {
      const timer = timers.shift()!;
      now += timer.ms;
      timer.run();
      return timer.ms;
    },
    handshakeFailures: () => handshakeFailures,
    droppedQueues,
  };
}

describe('SessionConnection', () => {
  it('subscribes on open from the seq the client holds', () => {
    const h = harness();
    h.connection.open('s1');
    h.setResumeSeq(41);
    h.last().open();
    expect(h.last().sent).toEqual([JSON.stringify({ type: 'subscribe', sessionId: 's1', afterSeq: 41 })]);
    expect(h.states.map((state) => state.status)).toEqual(['connecting', 'connected']);
  });

  it('holds a command sent while the first socket opens and sends it after the subscribe', () => {
    const h = harness();
    h.connection.open('s1');
    const run = { type: 'run-tool', sessionId: 's1', name: 'glob', args: { pattern: '*.ts' } } as const;
    expect(h.connection.send(run)).toBe(true);
    expect(h.last().sent).toEqual([]);
    h.last().open();
    expect(h.last().sent.map((data) => JSON.parse(data).type)).toEqual(['subscribe', 'run-tool']);
  });

  it('refuses sends once a connection has dropped, and reports held ones a failed first socket lost', () => {
    const h = harness();
    h.connection.open('s1');
    h.connection.send({ type: 'cancel', sessionId: 's1' });
    h.last().drop();
    expect(h.droppedQueues).toEqual([1]);
    h.fireTimer();
    h.last().open();
    expect(h.last().sent.map((data) => JSON.parse(data).type)).toEqual(['subscribe']);
    h.last().drop();
    expect(h.connection.send({ type: 'cancel', sessionId: 's1' })).toBe(false);
  });

  it('backs off 250 ms doubling to 5 s while the server stays away, and reads offline after a few tries', () => {
    const h = harness();
    h.connection.open('s1');
    h.last().open();
    h.last().drop();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      delays.push(h.fireTimer());
      h.last().drop(); // refused before opening
    }
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
    expect(h.handshakeFailures()).toBe(7);
    const waiting = h.states.filter((state) => state.retryAt !== undefined).map((state) => state.status);
    expect(waiting.slice(0, 3)).toEqual(['reconnecting', 'reconnecting', 'reconnecting']);
    expect(waiting.at(-1)).toBe('offline');
  });

  it('starts the backoff over once a resume has caught up', () => {
    const h = harness();
    h.connection.open('s1');
    h.last().open();
    h.last().drop();
    h.fireTimer();
    h.last().drop();
    expect(h.fireTimer()).toBe(500);
    h.last().open();
    h.last().receive({ type: 'caught-up', sessionId: 's1', lastSeq: 3 });
    h.last().drop();
    expect(h.fireTimer()).toBe(250);
  });

  it('says offline at once when the browser is offline', () => {
    const h = harness({ online: false });
    h.connection.open('s1');
    h.last().drop();
    expect(h.states.at(-1)?.status).toBe('offline');
  });

  it('drops the socket and reconnects after SLOW_CONSUMER, and on resync', () => {
    const h = harness();
    h.connection.open('s1');
    h.last().open();
    const first = h.last();
    first.receive({ type: 'error', code: 'SLOW_CONSUMER', message: 'bye' });
    expect(first.closed).toBe(true);
    h.fireTimer();
    expect(h.sockets).toHaveLength(2);
    h.last().open();
    h.connection.resync();
    h.connection.resync(); // one gap counts once
    expect(h.timers).toHaveLength(1);
  });

  it('uses a fresh socket for another session and stops for good on close', () => {
    const h = harness();
    h.connection.open('s1');
    h.last().open();
    const first = h.last();
    h.connection.open('s2');
    expect(first.closed).toBe(true);
    h.last().open();
    expect(h.last().sent[0]).toContain('"sessionId":"s2"');
    h.connection.close();
    expect(h.last().closed).toBe(true);
    expect(h.timers).toHaveLength(0);
    expect(h.connection.send({ type: 'cancel', sessionId: 's2' })).toBe(false);
  });
});
