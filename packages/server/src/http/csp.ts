/**
 * Headers of the page. The CSP allows only our own scripts (files from us, and the
 * page's inline scripts by their hashes), Shiki's workers (blob: for module workers),
 * inline styles (virtualized rows and CSS variables use style attributes), our own
 * WebSocket, and images from us or data: URLs.
 */
export function contentSecurityPolicy(webSocketOrigin: string, scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' '),
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    `connect-src 'self' ${webSocketOrigin}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** `ws://host:port` from a Host header we already accepted; a header with odd characters falls back. */
export function webSocketOriginFor(hostHeader: string | undefined, fallbackHostPort: string): string {
  const host = hostHeader !== undefined && /^[A-Za-z0-9.\-[\]:]{1,255}$/.test(hostHeader) ? hostHeader : fallbackHostPort;
  return `ws://${host}`;
}

/** On every response. The token travels in the page URL: never leak it as a Referer. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

export function pageSecurityHeaders(webSocketOrigin: string, scriptHashes: readonly string[] = []): Record<string, string> {
  return {
    ...BASE_SECURITY_HEADERS,
    'Content-Security-Policy': contentSecurityPolicy(webSocketOrigin, scriptHashes),
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}
