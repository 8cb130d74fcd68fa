import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Who may talk to the server. Pure functions over request parts; http-server.ts
 * and websocket upgrades apply them.
 */

/** 256 random bits, URL-safe: printed in the start URL, required by the API and the WebSocket. */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Text for the log with every occurrence of the token (raw or URL-encoded) masked. */
export function withoutToken(text: string, token: string): string {
  if (token === '') return text;
  let masked = text.replaceAll(token, '<token>');
  const encoded = encodeURIComponent(token);
  if (encoded !== token) masked = masked.replaceAll(encoded, '<token>');
  return masked;
}

/**
 * The cookie a page visited once with the token gets, so new tabs get in without it.
 * Named per port: cookies are shared by every port of a host, servers are not.
 */
export function tokenCookieName(port: number): string {
  return `toolcards_${port}`;
}

/** `Set-Cookie` for a page that came with the right token: script cannot read it, other sites cannot send it. */
export function tokenCookie(port: number, token: string): string {
  return `${tokenCookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

/** `Authorization: Bearer <token>` first, then `?token=`, then the page's cookie. */
export function tokenFromRequest(headers: IncomingHttpHeaders, url: URL, port: number): string | undefined {
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match) return match[1];
  }
  return url.searchParams.get('token') ?? cookieValue(headers.cookie, tokenCookieName(port));
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.split('=');
    if (key?.trim() === name) return value.join('=').trim();
  }
  return undefined;
}

/** Constant-time comparison (hashing first makes the lengths equal). */
export function tokenMatches(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given));
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** `host:port` as it appears in a Host header and URLs (IPv6 in brackets). */
export function hostWithPort(host: string, port: number): string {
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `${bracketed}:${port}`;
}

/**
 * DNS rebinding guard: when bound to loopback, the Host header must name
 * loopback on our port — a page on evil.example resolved to 127.0.0.1 sends
 * `Host: evil.example:3080` and is refused. Bound to another address, the
 * person chose to expose the server and the token is the guard.
 */
export function isAllowedHostHeader(hostHeader: string | undefined, bound: { host: string; port: number }): boolean {
  if (!isLoopbackHost(bound.host)) return true;
  if (hostHeader === undefined) return false;
  const parsed = parseHostHeader(hostHeader);
  return parsed !== undefined && isLoopbackHost(parsed.hostname) && parsed.port === bound.port;
}

/**
 * The Origin check (WebSocket, and API calls that carry one): a browser page
 * may connect only from the origin it was served from — same scheme, host and
 * port. The server speaks plain HTTP, so its pages' origin is `http:`; an
 * `https:` page on the same host:port is another origin. A missing Origin is
 * a non-browser client (the token still applies). `null` origins (sandboxed
 * frames, files) are refused.
 */
export function isAllowedOrigin(origin: string | undefined, hostHeader: string | undefined, scheme: 'http:' | 'https:' = 'http:'): boolean {
  if (origin === undefined) return true;
  if (hostHeader === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== scheme) return false;
  // URL.host drops the scheme's default port, so compare both sides under the same scheme.
  return url.host.toLowerCase() === normalizeHostHeader(hostHeader, scheme);
}

function normalizeHostHeader(hostHeader: string, scheme: 'http:' | 'https:'): string | undefined {
  try {
    return new URL(`${scheme}//${hostHeader}`).host.toLowerCase();
  } catch {
    return undefined;
  }
}

function parseHostHeader(hostHeader: string): { hostname: string; port: number } | undefined {
  try {
    const url = new URL(`http://${hostHeader}`);
    if (url.pathname !== '/' || url.username || url.search) return undefined;
    return { hostname: url.hostname, port: url.port === '' ? 80 : Number(url.port) };
  } catch {
    return undefined;
  }
}
