import type { ServerResponse } from 'node:http';
import type { HttpErrorCode } from '@toolcards/protocol';
import { BASE_SECURITY_HEADERS } from './csp';

/** JSON with the headers every API answer carries. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...BASE_SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

/** `{ error: { code, message } }` (ApiError in the protocol). */
export function sendApiError(res: ServerResponse, status: number, code: HttpErrorCode, message: string, headers: Record<string, string> = {}): void {
  sendJson(res, status, { error: { code, message } }, headers);
}

/** The same JSON error on a raw socket, for refused WebSocket upgrades. */
export function upgradeRefusal(status: number, statusText: string, code: HttpErrorCode, message: string): string {
  const body = JSON.stringify({ error: { code, message } });
  return [
    `HTTP/1.1 ${status} ${statusText}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}
