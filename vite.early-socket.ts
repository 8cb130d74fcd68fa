import type { Plugin } from 'vite';
// Relative, not the package: the config loader leaves packages to Node, which cannot run their TypeScript.
import { SESSION_ID_PATTERN } from './packages/protocol/src/events';
import { WEBSOCKET_PATH } from './packages/protocol/src/wire';
import { TOKEN_STORAGE_KEY } from './apps/web/src/app/start-token';
import { EARLY_SOCKET_GLOBAL, EARLY_SOCKET_UNCLAIMED_MS, openEarlySocket, type EarlySocketConfig } from './apps/web/src/net/early-socket-script';
import { TAIL_EVENTS } from './apps/web/src/store/tail-events';

/** The inline script's text: the function's own source, called with the app's constants. */
export function earlySocketScript(): string {
  const config: EarlySocketConfig = {
    tokenKey: TOKEN_STORAGE_KEY,
    socketPath: WEBSOCKET_PATH,
    tail: TAIL_EVENTS,
    sessionIdPattern: SESSION_ID_PATTERN.source,
    global: EARLY_SOCKET_GLOBAL,
    unclaimedMs: EARLY_SOCKET_UNCLAIMED_MS,
  };
  return `(${openEarlySocket.toString()})(${JSON.stringify(config)});`;
}

/** index.html with the inline script placed before its first script or stylesheet tag. */
export function withEarlySocket(html: string): string {
  const tag = `<script>${earlySocketScript()}</script>`;
  const first = html.search(/<script|<link rel="(?:stylesheet|modulepreload)"/);
  const at = first === -1 ? html.indexOf('</head>') : first;
  if (at === -1) throw new Error('index.html has no <head> to open the early socket in');
  return `${html.slice(0, at)}${tag}\n    ${html.slice(at)}`;
}

/**
 * index.html opens the socket of the session its address names before the entry script is
 * fetched (apps/web/src/net/early-socket-script.ts): an inline script first in <head>, allowed
 * by its hash in the server's CSP (packages/server/src/http/inline-scripts.ts).
 */
export function earlySocket(): Plugin {
  return {
    name: 'toolcards:early-socket',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      // Before the entry's tags: a script after a stylesheet link would wait for the stylesheet.
      handler: (html) => withEarlySocket(html),
    },
  };
}
