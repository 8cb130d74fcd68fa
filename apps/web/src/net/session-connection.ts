import type { ClientFrame, ServerFrame } from '@toolcards/protocol';
import { reconnectDelay } from './reconnect-delay';
import { serverFrameFromJson } from './server-frame-from-json';

/** `ready`: a blank session with no socket yet: the server answered, and the first command opens one. */
export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline' | 'ready';

export interface ConnectionState {
  status: ConnectionStatus;
  /** When the next attempt starts (epoch ms), while reconnecting or offline. */
  retryAt?: number;
}

/** The part of the browser WebSocket this link uses (injectable for tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SessionConnectionOptions {
  /** Full WebSocket URL, token included. */
  url: string;
  /** The socket for `sessionId` (default: a new WebSocket on `url`). */
  createSocket?: (url: string, sessionId: string) => SocketLike;
  /** Every valid frame of the current socket, in arrival order. */
  onFrame: (frame: ServerFrame) => void;
  onStatus: (state: ConnectionState) => void;
  /** The last seq the client holds, read when (re)subscribing. */
  resumeSeq: () => number;
  /** A client holding nothing yet asks for only this many of the last events (tail first). */
  tail?: number;
  /** A socket closed before it ever opened (refused token, server down). */
  onHandshakeFailed?: () => void;
  /** Frames held for the first socket were dropped because it never opened. */
  onQueuedDropped?: (count: number) => void;
  timers?: Timers;
  random?: () => number;
  now?: () => number;
  isOnline?: () => boolean;
}

/** Failed attempts in a row before the state reads "offline" rather than "reconnecting". */
export const OFFLINE_AFTER_ATTEMPTS = 4;
const OPEN = 1;
/** Frames held for a session's first socket; past this the composer says "not sent". */
const MAX_QUEUED_BEFORE_OPEN = 16;

/**
 * One WebSocket subscribed to one session. A drop reconnects with backoff and resubscribes
 * from the last seq the client holds; the server replays what follows, and the store drops
 * anything it already has — so a resume never loses or duplicates an event.
 */
export class SessionConnection {
  private socket: SocketLike | undefined;
  private sessionId: string | undefined;
  private attempt = 0;
  private retryTimer: unknown;
  private everConnected = false;
  private firstOpenQueue: ClientFrame[] = [];
  private stopped = false;
  private readonly createSocket: (url: string, sessionId: string) => SocketLike;
  private readonly timers: Timers;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly isOnline: () => boolean;

  constructor(private readonly options: SessionConnectionOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as SocketLike);
    this.timers = options.timers ?? {
      setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  }

  /** Follows session `sessionId` on a fresh socket (switching sessions never reuses one). */
  open(sessionId: string): void {
    this.sessionId = sessionId;
    this.stopped = false;
    this.attempt = 0;
    this.everConnected = false;
    this.firstOpenQueue = [];
    this.connect();
  }

  /**
   * Sends a frame now, or — while the session's first socket is still opening (a command
   * typed as the page loads) — right after it subscribes. False when there is no socket to
   * send on: a dropped connection queues nothing, since what was asked may be stale by then.
   */
  send(frame: ClientFrame): boolean {
    if (this.socket?.readyState === OPEN) {
      this.socket.send(JSON.stringify(frame));
      return true;
    }
    if (this.socket === undefined || this.everConnected || this.firstOpenQueue.length >= MAX_QUEUED_BEFORE_OPEN) return false;
    this.firstOpenQueue.push(frame);
    return true;
  }

  get connected(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Drops the socket and resumes at once (a gap was found, or the browser is back online). */
  reconnectNow(): void {
    if (this.stopped || this.sessionId === undefined) return;
    this.connect();
  }

  /** Drops the socket and resumes after the usual backoff. */
  resync(): void {
    // Without a socket a retry is already scheduled: one gap must not count twice.
    if (this.stopped || this.sessionId === undefined || !this.socket) return;
    this.detach();
    this.scheduleReconnect();
  }

  close(): void {
    this.stopped = true;
    this.detach();
  }

  private connect(): void {
    this.detach();
    const sessionId = this.sessionId;
    if (sessionId === undefined) return;
    this.options.onStatus({ status: this.everConnected ? 'reconnecting' : 'connecting' });
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.options.url, sessionId);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      opened = true;
      this.everConnected = true;
      // Resume point read now, not earlier: everything applied so far is not asked for again.
      const afterSeq = this.options.resumeSeq();
      const tail = afterSeq === -1 ? this.options.tail : undefined;
      socket.send(JSON.stringify({ type: 'subscribe', sessionId, afterSeq, ...(tail === undefined ? {} : { tail }) } satisfies ClientFrame));
      for (const queued of this.firstOpenQueue.splice(0)) socket.send(JSON.stringify(queued));
      this.options.onStatus({ status: 'connected' });
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      const frame = serverFrameFromJson(event.data);
      if (!frame) return;
      // Backoff starts over only once a resume has fully worked, not on a bare open.
      if (frame.type === 'caught-up') this.attempt = 0;
      this.options.onFrame(frame);
      if (frame.type === 'error' && frame.code === 'SLOW_CONSUMER') this.resync();
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (!opened) {
        const dropped = this.firstOpenQueue.splice(0).length;
        if (dropped > 0) this.options.onQueuedDropped?.(dropped);
        this.options.onHandshakeFailed?.();
      }
      this.scheduleReconnect();
    };
    socket.onerror = () => {
      // A close event always follows; it decides what happens next.
    };
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const delay = reconnectDelay(this.attempt, this.random());
    this.attempt += 1;
    const offline = !this.isOnline() || this.attempt >= OFFLINE_AFTER_ATTEMPTS;
    this.options.onStatus({ status: offline ? 'offline' : 'reconnecting', retryAt: this.now() + delay });
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = undefined;
      this.connect();
    }, delay);
  }

  private detach(): void {
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close(1000, 'client closed');
    } catch {
      // already closing
    }
  }
}
