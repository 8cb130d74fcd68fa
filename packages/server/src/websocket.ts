import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { assertNever, MAX_INBOUND_FRAME_BYTES, type ClientFrame } from '@toolcards/protocol';
import { decodeClientFrame, type WireError } from './inbound-frames';
import { MODEL_NOT_CONFIGURED_MESSAGE } from './model-driver';
import { errorFrame, type OutboundFrame } from './outbound-frames';
import type { SessionRegistry, SessionRuntime } from './session-registry';
import type { FrameSink, Subscription } from './subscription/delivery';

/**
 * ws drops anything above this with close code 1009 before we see it. It is
 * above our own limit so a frame just over MAX_INBOUND_FRAME_BYTES still gets a
 * readable FRAME_TOO_LARGE error frame instead of a bare close.
 */
export const WEBSOCKET_MAX_PAYLOAD = 2 * MAX_INBOUND_FRAME_BYTES;

const HEARTBEAT_MS = 30_000;
/** Close code for a dropped slow consumer: "try again later". */
export const CLOSE_SLOW_CONSUMER = 1013;

export interface ConnectionDeps {
  registry: SessionRegistry;
  /** The hello frame, the same for every client. */
  hello: OutboundFrame;
  report: (message: string) => void;
}

/**
 * One client's WebSocket: validates every inbound frame, handles them in the
 * order they came, and is the FrameSink its subscriptions deliver to. A
 * failure here answers this client with an error frame and touches no one else.
 */
export class ClientConnection implements FrameSink {
  private readonly subscriptions = new Map<string, Subscription>();
  private inbox: Promise<void> = Promise.resolve();
  private alive = true;
  private dropped = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly deps: ConnectionDeps,
  ) {
    ws.on('message', (data, isBinary) => this.receive(data, isBinary));
    ws.on('pong', () => {
      this.alive = true;
    });
    ws.on('close', () => this.endSubscriptions());
    // An 'error' is always followed by 'close'; without a listener it would crash the process.
    ws.on('error', () => {});
    void this.send(deps.hello);
  }

  get bufferedAmount(): number {
    return this.ws.bufferedAmount;
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN && !this.dropped;
  }

  send(frame: OutboundFrame): Promise<void> {
    if (this.ws.readyState !== WebSocket.OPEN) return Promise.resolve();
    return new Promise((resolve) => this.ws.send(frame.text, () => resolve()));
  }

  dropSlowConsumer(sessionId: string): void {
    if (this.dropped) return;
    this.dropped = true;
    this.endSubscriptions();
    const message = 'this connection fell too far behind the live stream and is being closed; reconnect and subscribe again with the last seq you hold';
    this.ws.send(errorFrame({ code: 'SLOW_CONSUMER', message, sessionId }).text);
    this.ws.close(CLOSE_SLOW_CONSUMER, 'slow consumer');
    // A client that never reads cannot complete the close handshake; don't hold its buffer for long.
    setTimeout(() => this.ws.terminate(), 5_000).unref();
  }

  /** Called by the heartbeat: false when the peer missed the last ping and was terminated. */
  checkAlive(): boolean {
    if (!this.alive) {
      this.ws.terminate();
      return false;
    }
    this.alive = false;
    this.ws.ping();
    return true;
  }

  close(code: number, reason: string): void {
    this.endSubscriptions();
    this.ws.close(code, reason);
  }

  private receive(data: RawData, isBinary: boolean): void {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
    const decoded = decodeClientFrame(bytes, isBinary);
    // In arrival order: a subscribe followed by a run-tool is handled in that order.
    this.inbox = this.inbox.then(async () => {
      if (!decoded.ok) return this.sendError(decoded.error);
      try {
        await this.handle(decoded.frame);
      } catch (error) {
        const message = (error as Error)?.message ?? String(error);
        this.deps.report(`${decoded.frame.type} frame failed: ${message}`);
        this.sendError({ code: 'INTERNAL', message: `${decoded.frame.type} failed: ${message}`, ...echo(decoded.frame) });
      }
    });
  }

  private async handle(frame: ClientFrame): Promise<void> {
    switch (frame.type) {
      case 'subscribe': {
        const runtime = await this.session(frame);
        if (!runtime || !this.isOpen) return;
        this.subscriptions.get(frame.sessionId)?.end();
        const subscription = runtime.live.subscribe(this, frame.afterSeq, this.deps.report);
        this.subscriptions.set(frame.sessionId, subscription);
        return;
      }
      case 'unsubscribe':
        this.subscriptions.get(frame.sessionId)?.end();
        this.subscriptions.delete(frame.sessionId);
        return;
      case 'run-tool': {
        const runtime = await this.session(frame);
        if (!runtime) return;
        // The call and result reach this client (and every other watcher) as events.
        runtime.tools.run({ name: frame.name, args: frame.args, origin: 'user' });
        return;
      }
      case 'user-message': {
        const runtime = await this.session(frame);
        if (!runtime) return;
        runtime.live.append({ type: 'user/message', data: { text: frame.text } });
        if (runtime.turns) void runtime.turns.submit(frame.text);
        else this.sendError({ code: 'MODEL_NOT_CONFIGURED', message: MODEL_NOT_CONFIGURED_MESSAGE, sessionId: frame.sessionId });
        return;
      }
      case 'cancel': {
        const runtime = await this.session(frame);
        if (!runtime) return;
        if (frame.callId !== undefined) {
          runtime.tools.cancel(frame.callId);
        } else {
          runtime.turns?.cancel();
          runtime.tools.cancel();
        }
        return;
      }
      default:
        return assertNever(frame, 'client frame');
    }
  }

  private async session(frame: ClientFrame): Promise<SessionRuntime | undefined> {
    const runtime = await this.deps.registry.get(frame.sessionId);
    if (!runtime) {
      this.sendError({
        code: 'UNKNOWN_SESSION',
        message: `no session "${frame.sessionId}"; list sessions with GET /api/sessions or create one with POST /api/sessions`,
        ...echo(frame),
      });
    }
    return runtime;
  }

  private sendError(error: WireError): void {
    void this.send(errorFrame(error));
  }

  private endSubscriptions(): void {
    for (const subscription of this.subscriptions.values()) subscription.end();
    this.subscriptions.clear();
  }
}

function echo(frame: ClientFrame): Pick<WireError, 'sessionId' | 'requestId'> {
  return {
    sessionId: frame.sessionId,
    ...(frame.type === 'run-tool' && frame.requestId !== undefined ? { requestId: frame.requestId } : {}),
  };
}

/** Every live connection, the upgrade handshake (after http-server.ts authorized it) and the heartbeat. */
export class WebSocketHub {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: WEBSOCKET_MAX_PAYLOAD, perMessageDeflate: false });
  private readonly connections = new Set<ClientConnection>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(private readonly deps: ConnectionDeps) {
    this.heartbeat = setInterval(() => {
      for (const connection of this.connections) if (!connection.checkAlive()) this.connections.delete(connection);
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.server.handleUpgrade(req, socket, head, (ws) => {
      const connection = new ClientConnection(ws, this.deps);
      this.connections.add(connection);
      ws.on('close', () => this.connections.delete(connection));
    });
  }

  /** 1001 "going away" to everyone; the clients reconnect to the next server. */
  close(): void {
    clearInterval(this.heartbeat);
    for (const connection of this.connections) connection.close(1001, 'server shutting down');
    this.connections.clear();
    this.server.close();
  }
}
