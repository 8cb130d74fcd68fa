import { WebSocketServer, type WebSocket } from 'ws';
import type { AddressInfo } from 'node:net';
import type { ClientFrame, ServerFrame, SessionEvent } from '@toolcards/protocol';

/**
 * A real WebSocket server speaking the wire protocol over an in-memory log, for transport
 * tests. Test-only. It can misbehave on request: replay overlap, drop sockets, skip a seq.
 */
export class WireTestServer {
  readonly received: ClientFrame[] = [];
  readonly log: SessionEvent[] = [];
  /** Resend this many events before the requested afterSeq (an overlapping replay). */
  replayOverlap = 0;
  /** Seqs never sent live (to provoke a gap); they still exist for a later replay. */
  readonly skipLive = new Set<number>();
  connections = 0;
  /** Where the sessions it serves ran (the header's cwd); the workspace it serves is /w. */
  sessionCwd = '/w';
  private readonly subscribers = new Set<WebSocket>();

  private constructor(private readonly server: WebSocketServer) {
    server.on('connection', (socket) => {
      this.connections += 1;
      this.sendTo(socket, { type: 'hello', version: 'test', workspace: '/w', model: null, editor: 'vscode' });
      socket.on('message', (raw) => this.onMessage(socket, JSON.parse(String(raw)) as ClientFrame));
      socket.on('close', () => this.subscribers.delete(socket));
    });
  }

  static async start(): Promise<WireTestServer> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    return new WireTestServer(server);
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/ws?token=t`;
  }

  /** Appends a user message to the log and sends it to every subscriber. */
  append(text = `m${this.log.length}`): SessionEvent {
    const event: SessionEvent = { seq: this.log.length, time: 't', type: 'user/message', data: { text } };
    this.log.push(event);
    if (!this.skipLive.has(event.seq)) for (const socket of this.subscribers) this.sendEvent(socket, event);
    return event;
  }

  /** Sends a frame to every open socket. */
  broadcast(frame: ServerFrame): void {
    for (const socket of this.server.clients) this.sendTo(socket, frame);
  }

  /** Drops every connection abruptly, as a crash or a network cut would. */
  dropAll(): void {
    for (const socket of this.server.clients) socket.terminate();
  }

  async close(): Promise<void> {
    this.dropAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private onMessage(socket: WebSocket, frame: ClientFrame): void {
    this.received.push(frame);
    if (frame.type === 'load-history') {
      const fromSeq = Math.max(0, Math.min(frame.beforeSeq, this.log.length) - frame.limit);
      const items = this.log.slice(fromSeq, frame.beforeSeq).map((event) => ({ event }));
      if (items.length > 0) this.sendTo(socket, { type: 'history', sessionId: frame.sessionId, items });
      this.sendTo(socket, { type: 'history-end', sessionId: frame.sessionId, fromSeq, beforeSeq: Math.min(frame.beforeSeq, this.log.length) });
      return;
    }
    if (frame.type !== 'subscribe') return;
    const fromSeq = Math.max(0, frame.afterSeq + 1 - this.replayOverlap, frame.tail === undefined ? 0 : this.log.length - frame.tail);
    const header = { type: 'session', version: 1, id: frame.sessionId, cwd: this.sessionCwd, createdAt: 't' } as const;
    this.sendTo(socket, { type: 'subscribed', sessionId: frame.sessionId, header, fromSeq, lastSeq: this.log.length - 1 });
    for (const event of this.log.slice(fromSeq)) this.sendEvent(socket, event);
    this.sendTo(socket, { type: 'caught-up', sessionId: frame.sessionId, lastSeq: this.log.length - 1 });
    this.subscribers.add(socket);
  }

  private sendEvent(socket: WebSocket, event: SessionEvent): void {
    this.sendTo(socket, { type: 'event', sessionId: 's1', event });
  }

  private sendTo(socket: WebSocket, frame: ServerFrame): void {
    socket.send(JSON.stringify(frame));
  }
}
