import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import { assertNever, MAX_INBOUND_FRAME_BYTES, type ClientFrame } from '@toolcards/protocol';
import { BadFrameBudget, DEFAULT_BAD_FRAME_LIMITS, type BadFrameLimits } from './bad-frame-budget';
import { decodeClientFrame } from './inbound-frames';
import { MODEL_NOT_CONFIGURED_MESSAGE } from '../model/model-driver';
import { readOnlyRefusal } from '../agent-sessions/read-only-refusal';
import { errorFrame, type OutboundFrame, type WireError } from '../wire/outbound-frames';
import type { SessionRegistry, SessionRuntime } from '../runtime/session-registry';
import { liveVerdict, type DeliveryLimits } from '../runtime/subscription/backpressure';
import type { FrameSink, Subscription } from '../runtime/subscription/delivery';
import { wireErrorCode } from '../wire/wire-error-code';
import { apiErrorOf } from '../wire/api-error';

/** A WebSocket's readyState while open (the same in every implementation). */
const OPEN = 1;

/**
 * ws drops anything above this with close code 1009 before we see it. It is
 * above our own limit so a frame just over MAX_INBOUND_FRAME_BYTES still gets a
 * readable FRAME_TOO_LARGE error frame instead of a bare close.
 */
export const WEBSOCKET_MAX_PAYLOAD = 2 * MAX_INBOUND_FRAME_BYTES;

const HEARTBEAT_MS = 30_000;
/** Close code for a dropped slow consumer: "try again later". */
export const CLOSE_SLOW_CONSUMER = 1013;
/** Close code for a client that keeps sending bad frames: "policy violation". */
export const CLOSE_TOO_MANY_BAD_FRAMES = 1008;
/** A peer being closed that does not read cannot finish the close handshake; its buffer is freed after this. */
const CLOSE_GRACE_MS = 5_000;
/**
 * Bytes of frames one connection may have received and not yet handled (while a
 * session opens, say). Past it the socket is not read until half of them are
 * handled: the client waits on TCP, nothing is lost, and no client can make the
 * server hold more than this of its frames.
 */
export const MAX_INBOX_BYTES = 4 * MAX_INBOUND_FRAME_BYTES;

export interface ConnectionDeps {
  registry: SessionRegistry;
  /** The hello frame, the same for every client. */
  hello: OutboundFrame;
  report: (message: string) => void;
  /** The buffered-bytes bound every send respects (the same as subscriptions'). */
  limits: DeliveryLimits;
  /** Default DEFAULT_BAD_FRAME_LIMITS. */
  badFrameLimits?: BadFrameLimits;
}

/**
 * One client's WebSocket: validates every inbound frame, handles them in the
 * order they came, and is the FrameSink its subscriptions deliver to. A
 * failure here answers this client with an error frame and touches no one else.
 */
export class ClientConnection implements FrameSink {
  private readonly subscriptions = new Map<string, Subscription>();
  private inbox: Promise<void> = Promise.resolve();
  /** Bytes of the frames in `inbox`, counted as they arrive and released as each is handled. */
  private inboxBytes = 0;
  private alive = true;
  private dropped = false;
  /** Set once the bad-frame budget is spent: what still arrives is not even decoded. */
  private deaf = false;
  private readonly badFrames: BadFrameBudget;

  constructor(
    private readonly ws: WebSocket,
    private readonly deps: ConnectionDeps,
  ) {
    this.badFrames = new BadFrameBudget(deps.badFrameLimits ?? DEFAULT_BAD_FRAME_LIMITS);
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
    return this.ws.readyState === OPEN && !this.dropped;
  }

  /**
   * Every frame to this client goes through here, error replies included, so
   * no kind of frame can pile up past the buffered-bytes bound of a client
   * that does not read: past it the client is dropped as a slow consumer.
   */
  send(frame: OutboundFrame): Promise<void> {
    if (this.ws.readyState !== OPEN || this.dropped) return Promise.resolve();
    if (liveVerdict(this.ws.bufferedAmount, frame.bytes, this.deps.limits) === 'slow-consumer') {
      this.dropSlowConsumer();
      return Promise.resolve();
    }
    return new Promise((resolve) => this.ws.send(frame.text, () => resolve()));
  }

  dropSlowConsumer(sessionId?: string): void {
    const message = 'this connection fell too far behind the live stream and is being closed; reconnect and subscribe again with the last seq you hold';
    this.closeWithError({ code: 'SLOW_CONSUMER', message, ...(sessionId === undefined ? {} : { sessionId }) }, CLOSE_SLOW_CONSUMER, 'slow consumer');
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

  /**
   * The 'message' listener. Nothing thrown here may escape: ws calls it from
   * its socket reader, where an exception would end the process.
   */
  private receive(data: RawData, isBinary: boolean): void {
    try {
      if (this.deaf || this.dropped || this.ws.readyState !== OPEN) return;
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
      const decoded = decodeClientFrame(bytes, isBinary);
      const overBudget = !decoded.ok && !this.badFrames.spend();
      if (overBudget) this.deaf = true;
      this.holdInInbox(bytes.length);
      // In arrival order: a subscribe followed by a run-tool is handled in that order, and
      // the closing error follows the replies to the frames before it.
      this.inbox = this.inbox
        .then(async () => {
          if (overBudget) return this.closeForBadFrames();
          if (!decoded.ok) return this.sendError(decoded.error);
          try {
            await this.handle(decoded.frame);
          } catch (error) {
            const message = (error as Error)?.message ?? String(error);
            this.deps.report(`${decoded.frame.type} frame failed: ${message}`);
            // A failure the person can act on is told as the HTTP API tells it (no data-dir paths).
            const told = apiErrorOf(error)?.message ?? message;
            this.sendError({ code: wireErrorCode(error), message: `${decoded.frame.type} failed: ${told}`, ...echo(decoded.frame) });
          }
        })
        .catch((error: unknown) => this.deps.report(`a client frame could not be answered: ${(error as Error)?.message ?? String(error)}`))
        .finally(() => this.releaseFromInbox(bytes.length));
    } catch (error) {
      this.deps.report(`a client frame could not be read: ${(error as Error)?.message ?? String(error)}`);
    }
  }

  private holdInInbox(bytes: number): void {
    this.inboxBytes += bytes;
    if (this.inboxBytes > MAX_INBOX_BYTES && !this.ws.isPaused) this.ws.pause();
  }

  private releaseFromInbox(bytes: number): void {
    this.inboxBytes -= bytes;
    if (this.ws.isPaused && this.inboxBytes <= MAX_INBOX_BYTES / 2 && this.ws.readyState === OPEN) this.ws.resume();
  }

  private closeForBadFrames(): void {
    const { maxBadFrames, windowMs } = this.deps.badFrameLimits ?? DEFAULT_BAD_FRAME_LIMITS;
    const message = `this connection sent more than ${maxBadFrames} bad frames within ${windowMs / 1000} s and is being closed; fix the client before reconnecting`;
    this.closeWithError({ code: 'BAD_FRAME', message }, CLOSE_TOO_MANY_BAD_FRAMES, 'too many bad frames');
  }

  /** One last error frame saying why, then the close; a peer that does not read is cut off after a grace period. */
  private closeWithError(error: WireError, code: number, reason: string): void {
    if (this.dropped) return;
    this.dropped = true;
    this.endSubscriptions();
    if (this.ws.readyState !== OPEN) return;
    this.ws.send(errorFrame(error).text);
    this.ws.close(code, reason);
    setTimeout(() => this.ws.terminate(), CLOSE_GRACE_MS).unref();
  }

  private async handle(frame: ClientFrame): Promise<void> {
    switch (frame.type) {
      case 'subscribe': {
        const runtime = await this.session(frame, { viewing: true });
        if (!runtime || !this.isOpen) return;
        this.subscriptions.get(frame.sessionId)?.end();
        const subscription = runtime.live.subscribe(this, frame.afterSeq, this.deps.report, frame.tail);
        this.subscriptions.set(frame.sessionId, subscription);
        return;
      }
      case 'load-history': {
        const runtime = await this.session(frame, { viewing: true });
        if (!runtime || !this.isOpen) return;
        // Not awaited: an older page is paced by this socket and must not hold up the frames behind it.
        runtime.live.sendOlder(this, frame.beforeSeq, frame.limit).catch((error: unknown) => {
          const message = `could not read older history of session ${frame.sessionId}: ${(error as Error)?.message ?? String(error)}`;
          this.deps.report(message);
          this.sendError({ code: wireErrorCode(error), message, sessionId: frame.sessionId });
        });
        return;
      }
      case 'unsubscribe':
        this.subscriptions.get(frame.sessionId)?.end();
        this.subscriptions.delete(frame.sessionId);
        return;
      case 'run-tool': {
        const runtime = await this.writableSession(frame);
        if (!runtime) return;
        // The call and result reach this client (and every other watcher) as events.
        runtime.tools.run({ name: frame.name, args: frame.args, origin: 'user' });
        return;
      }
      case 'user-message': {
        const runtime = await this.writableSession(frame);
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

  /** `viewing`: watching only (subscribe, older pages), served once the log's tail is read. */
  private async session(frame: ClientFrame, how: { viewing?: boolean } = {}): Promise<SessionRuntime | undefined> {
    const runtime = await this.deps.registry.get(frame.sessionId, how);
    if (!runtime) {
      this.sendError({
        code: 'UNKNOWN_SESSION',
        message: `no session "${frame.sessionId}"; list sessions with GET /api/sessions or create one with POST /api/sessions`,
        ...echo(frame),
      });
    }
    return runtime;
  }

  /** The session, unless it mirrors another agent's transcript (then the client is told it is read-only). */
  private async writableSession(frame: ClientFrame): Promise<SessionRuntime | undefined> {
    const runtime = await this.session(frame);
    const refusal = runtime && readOnlyRefusal(runtime.live.header);
    if (!refusal) return runtime;
    this.sendError({ ...refusal, ...echo(frame) });
    return undefined;
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
  /**
   * The `ws` server, made at the first upgrade or by `prepare()`, not with the hub: `ws` loads
   * tls, https and zlib, which a start does not need before its URL is printed.
   */
  private server: Promise<WebSocketServer> | undefined;
  private closed = false;
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

  /** Loads `ws` ahead of the first connection (startServer calls it once it listens). */
  prepare(): Promise<WebSocketServer> {
    return (this.server ??= import('ws').then(
      ({ WebSocketServer }) => new WebSocketServer({ noServer: true, maxPayload: WEBSOCKET_MAX_PAYLOAD, perMessageDeflate: false }),
    ));
  }

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    // The HTTP server has dropped its own error listener from an upgraded socket; until ws
    // takes the socket over (it may still be loading), a peer that goes away must not make an
    // unhandled 'error' that ends the process.
    const onEarlyError = () => socket.destroy();
    socket.on('error', onEarlyError);
    this.prepare().then(
      (server) => {
        socket.off('error', onEarlyError);
        if (this.closed || socket.destroyed) return void socket.destroy();
        server.handleUpgrade(req, socket, head, (ws) => {
          const connection = new ClientConnection(ws, this.deps);
          this.connections.add(connection);
          ws.on('close', () => this.connections.delete(connection));
        });
      },
      (error: unknown) => {
        socket.off('error', onEarlyError);
        this.deps.report(`WebSocket upgrade failed: ${(error as Error)?.message ?? String(error)}`);
        socket.destroy();
      },
    );
  }

  /** 1001 "going away" to everyone; the clients reconnect to the next server. */
  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const connection of this.connections) connection.close(1001, 'server shutting down');
    this.connections.clear();
    this.server?.then(
      (server) => server.close(),
      () => {},
    );
  }
}
