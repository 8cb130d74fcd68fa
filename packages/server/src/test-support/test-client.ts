import { WebSocket } from 'ws';
import { serverFrameSchema, WEBSOCKET_PATH, type ServerFrame, type SessionEvent } from '@toolcards/protocol';
import { stillWaiting } from '../../../tools/src/test-support/until';

/** Short enough for a failure message: big event payloads are left out. */
function describeFrame(frame: ServerFrame): string {
  switch (frame.type) {
    case 'event':
      return `event ${frame.event.seq} ${frame.event.type}`;
    case 'history':
      return `history ${frame.items[0]?.event.seq}..${frame.items.at(-1)?.event.seq}`;
    case 'error':
      return `error ${frame.code}: ${frame.message.slice(0, 200)}`;
    default:
      return JSON.stringify(frame).slice(0, 200);
  }
}

export type EventFrame = Extract<ServerFrame, { type: 'event' }>;

/** A real `ws` client that records every frame and lets a test wait for a condition over them. */
export class TestClient {
  readonly frames: ServerFrame[] = [];
  private readonly waiters = new Set<() => void>();
  closed: { code: number; reason: string } | undefined;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      // Every frame the server sends must match the protocol.
      this.frames.push(serverFrameSchema.parse(JSON.parse(data.toString())));
      this.notify();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.notify();
    });
    ws.on('error', () => {});
  }

  static connect(port: number, options: { token?: string; origin?: string; path?: string } = {}): Promise<TestClient> {
    const query = options.token === undefined ? '' : `?token=${encodeURIComponent(options.token)}`;
    const ws = new WebSocket(`ws://127.0.0.1:${port}${options.path ?? WEBSOCKET_PATH}${query}`, {
      ...(options.origin ? { origin: options.origin } : {}),
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestClient(ws)));
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode, body })));
      });
      ws.once('error', reject);
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /**
   * Resolves with the first non-undefined result of `check` over the frames received so far,
   * checked again on every frame and on close. No deadline of its own: the test's timeout
   * bounds it; should the test fail while it waits, the console names `what` and the last frames.
   */
  waitFor<T>(check: (frames: ServerFrame[]) => T | undefined, what = 'a condition'): Promise<T> {
    const found = check(this.frames);
    if (found !== undefined) return Promise.resolve(found);
    const waiting = stillWaiting(() => `${what}; got ${this.frames.length} frames, the last: ${this.frames.slice(-5).map(describeFrame).join(', ')}`);
    return new Promise((resolve) => {
      const waiter = () => {
        const result = check(this.frames);
        if (result === undefined) return;
        this.waiters.delete(waiter);
        waiting.done();
        resolve(result);
      };
      this.waiters.add(waiter);
    });
  }

  waitForFrame<T extends ServerFrame['type']>(type: T, match: (frame: Extract<ServerFrame, { type: T }>) => boolean = () => true, from = 0): Promise<Extract<ServerFrame, { type: T }>> {
    return this.waitFor(
      (frames) => frames.slice(from).find((frame): frame is Extract<ServerFrame, { type: T }> => frame.type === type && match(frame as Extract<ServerFrame, { type: T }>)),
      `a ${type} frame`,
    );
  }

  /** Every event received, live (`event` frames) or from history (`history` frames' items), in arrival order. */
  eventFrames(sessionId?: string): EventFrame[] {
    return this.frames.flatMap((frame): EventFrame[] => {
      if (sessionId !== undefined && 'sessionId' in frame && frame.sessionId !== sessionId) return [];
      if (frame.type === 'event') return [frame];
      if (frame.type !== 'history') return [];
      return frame.items.map((item) => ({ type: 'event', sessionId: frame.sessionId, event: item.event, ...(item.view === undefined ? {} : { view: item.view }) }));
    });
  }

  events(sessionId?: string): SessionEvent[] {
    return this.eventFrames(sessionId).map((frame) => frame.event);
  }

  waitForClose(): Promise<{ code: number; reason: string }> {
    return this.waitFor(() => this.closed, 'the socket to close');
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    const closed = this.waitForClose();
    this.ws.close();
    await closed;
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
