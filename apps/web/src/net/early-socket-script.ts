/**
 * The socket a page opening a session opens before its code has loaded. index.html runs
 * `openEarlySocket` as an inline script (its text is this function's source, written there by
 * vite.early-socket.ts), so the server reads the session's tail while the entry is fetched and
 * evaluated (≈ 300 ms on a 2-core machine); the app then takes the socket over
 * (adopt-early-socket.ts). Nothing here may use an import or a helper: only the function's own
 * text reaches the page.
 */

/** Where the inline script leaves the socket for the app. */
export const EARLY_SOCKET_GLOBAL = '__toolcardsEarlySocket';

/** Not taken by then (the app failed to start): closed, so the server stops sending. */
export const EARLY_SOCKET_UNCLAIMED_MS = 30_000;

export interface EarlySocketConfig {
  /** sessionStorage key of the page's token (app/start-token.ts). */
  tokenKey: string;
  /** The WebSocket endpoint's path (WEBSOCKET_PATH). */
  socketPath: string;
  /** Events the first subscribe asks for (TAIL_EVENTS). */
  tail: number;
  /** SESSION_ID_PATTERN's source: an address the app would not open opens nothing here. */
  sessionIdPattern: string;
  global: string;
  unclaimedMs: number;
}

/** What happened on the early socket before the app took it, in order. */
export type EarlySocketEvent =
  | { kind: 'open' }
  | { kind: 'message'; data: unknown }
  | { kind: 'close'; event: CloseEvent }
  | { kind: 'error'; event: Event };

export interface EarlySocket {
  /** The URL it was opened on: the app takes it only for the same URL (same token). */
  url: string;
  sessionId: string;
  /** The subscribe frame sent on open, exactly as the app's connection would send it. */
  subscribe: string;
  socket: WebSocket;
  events: EarlySocketEvent[];
}

/**
 * Opens the socket for the session the address names (`#/s/<id>…`) and subscribes as the app
 * would for a client holding nothing: the token as `takeStartToken` finds it (the URL's, else
 * this tab's stored one), the tail. Anything unexpected leaves the opening to the app.
 */
export function openEarlySocket(config: EarlySocketConfig): void {
  try {
    const address = /^#\/s\/([^/?#]+)/.exec(location.hash);
    if (address === null || address[1] === undefined) return;
    const sessionId = decodeURIComponent(address[1]);
    if (!new RegExp(config.sessionIdPattern).test(sessionId)) return;
    let token: string | null = new URLSearchParams(location.search).get('token') || null;
    if (token === null) {
      try {
        token = sessionStorage.getItem(config.tokenKey) || null;
      } catch {
        token = null;
      }
    }
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const url = `${scheme}://${location.host}${config.socketPath}${token === null ? '' : `?token=${encodeURIComponent(token)}`}`;
    const subscribe = JSON.stringify({ type: 'subscribe', sessionId, afterSeq: -1, tail: config.tail });
    const socket = new WebSocket(url);
    const early: EarlySocket = { url, sessionId, subscribe, socket, events: [] };
    socket.onopen = () => {
      socket.send(subscribe);
      early.events.push({ kind: 'open' });
    };
    socket.onmessage = (event) => early.events.push({ kind: 'message', data: event.data });
    socket.onclose = (event) => early.events.push({ kind: 'close', event });
    socket.onerror = (event) => early.events.push({ kind: 'error', event });
    const holder = window as unknown as Record<string, unknown>;
    holder[config.global] = early;
    setTimeout(() => {
      if (holder[config.global] !== early) return;
      delete holder[config.global];
      socket.close();
    }, config.unclaimedMs);
  } catch {
    // The app opens its own socket.
  }
}
