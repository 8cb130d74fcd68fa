import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WEBSOCKET_PATH, type HttpErrorCode } from '@toolcards/protocol';
import { handleApiRequest, type ApiDeps } from './api';
import { hostWithPort, isAllowedHostHeader, isAllowedOrigin, tokenCookie, tokenFromRequest, tokenMatches } from './auth';
import { webSocketOriginFor } from './csp';
import { sendApiError, upgradeRefusal } from './http-responses';
import type { StaticSite } from './static-files';

export interface HttpServerDeps {
  token: string;
  /** Address actually bound (port known after listen). */
  bound(): { host: string; port: number };
  api: ApiDeps;
  site: StaticSite;
  hub: WebSocketUpgrades;
  report: (message: string) => void;
}

/** Where an upgrade goes once Host, token and Origin passed: the WebSocket hub (ws/websocket.ts). */
export interface WebSocketUpgrades {
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
}

/**
 * One server for the page, the API and the WebSocket. Order of checks:
 * Host header (DNS rebinding) → token (API, WebSocket) → Origin (WebSocket,
 * and API calls that carry one) → the handler. The page itself needs no token:
 * without one the client explains how to get in.
 */
export function createHttpServer(deps: HttpServerDeps): Server {
  const server = createServer((req, res) => {
    handleRequest(req, res, deps).catch((error: unknown) => {
      // The path only: the query may carry the token, and a log is no place for it.
      deps.report(`${req.method} ${pathOnly(req.url)} failed: ${(error as Error)?.stack ?? String(error)}`);
      if (!res.headersSent) sendApiError(res, 500, 'INTERNAL', 'the server failed to answer this request; see its log');
      else res.destroy();
    });
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      handleUpgrade(req, socket, head, deps);
    } catch (error) {
      deps.report(`WebSocket upgrade failed: ${(error as Error)?.message ?? String(error)}`);
      socket.destroy();
    }
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return server;
}

async function handleRequest(req: IncomingMessage, res: ServerResponse, deps: HttpServerDeps): Promise<void> {
  const url = parseRequestUrl(req.url);
  if (!url) return sendApiError(res, 400, 'BAD_REQUEST', 'malformed request URL');
  if (!isAllowedHostHeader(req.headers.host, deps.bound())) {
    return sendApiError(res, 403, 'FORBIDDEN_HOST', `this server answers only to ${hostWithPort(deps.bound().host, deps.bound().port)} (Host header refused)`);
  }
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
    if (!tokenMatches(deps.token, tokenFromRequest(req.headers, url, deps.bound().port))) {
      return sendApiError(res, 401, 'UNAUTHORIZED', 'missing or wrong token: send "Authorization: Bearer <token>" with the token printed when toolcards started', {
        'WWW-Authenticate': 'Bearer',
      });
    }
    if (!isAllowedOrigin(originOf(req), req.headers.host)) {
      return sendApiError(res, 403, 'FORBIDDEN_ORIGIN', 'cross-origin API requests are refused');
    }
    return handleApiRequest(req, res, url, deps.api);
  }
  if (url.pathname === WEBSOCKET_PATH) {
    return sendApiError(res, 426, 'UPGRADE_REQUIRED', `${WEBSOCKET_PATH} is a WebSocket endpoint`, { Upgrade: 'websocket' });
  }
  const { host, port } = deps.bound();
  // The start URL's token, once right, becomes a cookie: a new tab or a bookmark gets in without it.
  const pageToken = url.searchParams.get('token');
  if (pageToken !== null && tokenMatches(deps.token, pageToken)) res.setHeader('Set-Cookie', tokenCookie(port, deps.token));
  return deps.site.serve(req, res, url.pathname, webSocketOriginFor(req.headers.host, hostWithPort(host, port)));
}

function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, deps: HttpServerDeps): void {
  const refuse = (status: number, statusText: string, code: HttpErrorCode, message: string) => {
    socket.end(upgradeRefusal(status, statusText, code, message));
  };
  const url = parseRequestUrl(req.url);
  if (!url || url.pathname !== WEBSOCKET_PATH) return refuse(404, 'Not Found', 'NOT_FOUND', `the WebSocket endpoint is ${WEBSOCKET_PATH}`);
  if (!isAllowedHostHeader(req.headers.host, deps.bound())) return refuse(403, 'Forbidden', 'FORBIDDEN_HOST', 'Host header refused');
  if (!tokenMatches(deps.token, tokenFromRequest(req.headers, url, deps.bound().port))) {
    return refuse(401, 'Unauthorized', 'UNAUTHORIZED', `missing or wrong token: connect to ${WEBSOCKET_PATH}?token=<token printed when toolcards started>`);
  }
  if (!isAllowedOrigin(originOf(req), req.headers.host)) {
    return refuse(403, 'Forbidden', 'FORBIDDEN_ORIGIN', `WebSocket connections from origin ${JSON.stringify(originOf(req))} are refused`);
  }
  deps.hub.upgrade(req, socket, head);
}

function parseRequestUrl(raw: string | undefined): URL | undefined {
  if (raw === undefined || !raw.startsWith('/')) return undefined;
  try {
    // Only path and query are used; the base never leaks into a response.
    return new URL(raw, 'http://toolcards.invalid');
  } catch {
    return undefined;
  }
}

/** A request target without its query: what may be logged. */
export function pathOnly(raw: string | undefined): string {
  if (raw === undefined) return '';
  const end = raw.search(/[?#]/);
  return end === -1 ? raw : raw.slice(0, end);
}

function originOf(req: IncomingMessage): string | undefined {
  const origin = req.headers.origin;
  return typeof origin === 'string' ? origin : undefined;
}
