// scripts/dev.mjs (`npm run dev`): the URL it prints and how Vite's proxy passes the dev page's
// requests on to the toolcards server, which answers a browser only from its own origin.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';

const { devPageUrl, devProxy } = (await import(new URL('./dev.mjs', import.meta.url).href)) as {
  devPageUrl(serverUrl: string, viteOrigin: string): string;
  devProxy(serverPort: number): Record<string, { target: string; ws?: boolean; changeOrigin: boolean; configure(proxy: EventEmitter): void }>;
};

/** What the proxy sends on for a request with these headers. */
function forwardedOrigin(route: { configure(proxy: EventEmitter): void }, event: 'proxyReq' | 'proxyReqWs', headers: Record<string, string>): string | undefined {
  const proxy = new EventEmitter();
  route.configure(proxy);
  const sent: Record<string, string> = { ...(headers.origin === undefined ? {} : { origin: headers.origin }) };
  proxy.emit(event, { setHeader: (name: string, value: string) => (sent[name.toLowerCase()] = value) }, { headers });
  return sent.origin;
}

describe('npm run dev', () => {
  it("prints Vite's page with the server's token", () => {
    expect(devPageUrl('http://127.0.0.1:3081/?token=abc-DEF_1', 'http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173/?token=abc-DEF_1');
  });

  it('proxies /api and the /ws WebSocket to the server, with its Host', () => {
    const routes = devProxy(3081);
    expect(routes['/api']).toMatchObject({ target: 'http://127.0.0.1:3081', changeOrigin: true });
    expect(routes['/ws']).toMatchObject({ target: 'http://127.0.0.1:3081', ws: true, changeOrigin: true });
  });

  it("passes the dev page's own requests on as from the server's origin, and every other origin unchanged", () => {
    const { '/api': api, '/ws': ws } = devProxy(3081);
    const page = { host: '127.0.0.1:5173', origin: 'http://127.0.0.1:5173' };
    expect(forwardedOrigin(api!, 'proxyReq', page)).toBe('http://127.0.0.1:3081');
    expect(forwardedOrigin(ws!, 'proxyReqWs', page)).toBe('http://127.0.0.1:3081');
    // Another site's page stays another origin, which the server refuses.
    expect(forwardedOrigin(ws!, 'proxyReqWs', { host: '127.0.0.1:5173', origin: 'http://evil.example' })).toBe('http://evil.example');
    // No Origin (curl, a script): none is added.
    expect(forwardedOrigin(api!, 'proxyReq', { host: '127.0.0.1:5173' })).toBeUndefined();
  });
});
