import { EARLY_SOCKET_GLOBAL, type EarlySocket, type EarlySocketEvent } from './early-socket-script';
import type { SocketLike } from './session-connection';

/**
 * The socket index.html's inline script opened for this page (early-socket-script.ts), as the
 * connection's first socket: taken once, and only for the same URL and session — anything else
 * closes it and the connection opens its own. What it saw before (open, the frames since) is
 * replayed to the handlers the connection sets, in order, and its subscribe, already sent, is
 * not sent again.
 */
export function adoptEarlySocket(url: string, sessionId: string, holder: Record<string, unknown> = globalThis as Record<string, unknown>): SocketLike | undefined {
  const early = holder[EARLY_SOCKET_GLOBAL] as EarlySocket | undefined;
  if (early === undefined) return undefined;
  delete holder[EARLY_SOCKET_GLOBAL];
  if (early.url !== url || early.sessionId !== sessionId) {
    early.socket.onclose = null;
    early.socket.close();
    return undefined;
  }
  return new AdoptedSocket(early);
}

class AdoptedSocket implements SocketLike {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  /** The early subscribe went out on open: the connection's own (the same frame) is dropped once. */
  private subscribeSent: string | undefined;
  private readonly socket: WebSocket;

  constructor(early: EarlySocket) {
    this.socket = early.socket;
    const before = early.events.splice(0);
    this.subscribeSent = before.some((event) => event.kind === 'open') ? early.subscribe : undefined;
    // From here on the socket's events come straight through. A socket not open yet gets the
    // connection's own subscribe on open.
    this.socket.onopen = (event) => this.onopen?.(event);
    this.socket.onmessage = (event) => this.onmessage?.(event);
    this.socket.onclose = (event) => this.onclose?.(event);
    this.socket.onerror = (event) => this.onerror?.(event);
    // After the connection has set its handlers (it does so right after taking the socket),
    // before any new event (those are tasks).
    queueMicrotask(() => {
      for (const event of before) this.replay(event);
    });
  }

  get readyState(): number {
    return this.socket.readyState;
  }

  send(data: string): void {
    if (data === this.subscribeSent) {
      this.subscribeSent = undefined;
      return;
    }
    this.socket.send(data);
  }

  close(code?: number, reason?: string): void {
    this.socket.close(code, reason);
  }

  private replay(event: EarlySocketEvent): void {
    switch (event.kind) {
      case 'open':
        return this.onopen?.(new Event('open'));
      case 'message':
        return this.onmessage?.(new MessageEvent('message', { data: event.data }));
      case 'close':
        return this.onclose?.(event.event);
      case 'error':
        return this.onerror?.(event.event);
    }
  }
}
