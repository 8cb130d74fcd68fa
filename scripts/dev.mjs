#!/usr/bin/env node
// `npm run dev [-- <folder> <toolcards flags>]`: the server from source, restarted on every
// change (`tsx watch`), on a fixed port (TOOLCARDS_DEV_PORT, default 3081), and the client from
// Vite's dev server with HMR, which proxies /api and the /ws WebSocket to that server. Prints
// the Vite page's URL with the server's token; nothing is built. Like `npm start`, it serves
// the folder npm was started from (INIT_CWD) unless a folder is named.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_DEV_PORT = 3081;
const BANNER_URL = /^(\s*)open (http:\/\/\S+)/m;

/**
 * Vite's proxy to the toolcards server. The server answers a browser only from its own origin
 * (Origin checked against Host): a request from the dev page, whose origin is Vite's, is passed
 * on as from the server's own origin; any other origin is passed on unchanged, and refused.
 */
export function devProxy(serverPort) {
  const target = `http://127.0.0.1:${serverPort}`;
  const configure = (proxy) => {
    const asServerOrigin = (proxyReq, req) => {
      if (req.headers.origin !== undefined && req.headers.origin === `http://${req.headers.host}`) proxyReq.setHeader('origin', target);
    };
    proxy.on('proxyReq', asServerOrigin);
    proxy.on('proxyReqWs', asServerOrigin);
  };
  return {
    '/api': { target, changeOrigin: true, configure },
    '/ws': { target, ws: true, changeOrigin: true, configure },
  };
}

/** The server's start URL with Vite's origin: same path and token. */
export function devPageUrl(serverUrl, viteOrigin) {
  const url = new URL(serverUrl);
  return new URL(`${url.pathname}${url.search}`, viteOrigin).href;
}

async function dev() {
  const serverPort = Number(process.env.TOOLCARDS_DEV_PORT ?? DEFAULT_DEV_PORT);
  const { createServer } = await import('vite');
  const signalListeners = new Set(process.listeners('SIGTERM'));
  const vite = await createServer({
    configFile: join(repoRoot, 'vite.config.ts'),
    root: join(repoRoot, 'apps/web'),
    clearScreen: false,
    logLevel: 'warn',
    server: { proxy: devProxy(serverPort) },
  });
  // Vite's own SIGTERM listener closes Vite and exits at once; here the toolcards server must
  // stop first (its logs flushed, its last lines shown), so `stop` below closes both.
  for (const listener of process.listeners('SIGTERM')) if (!signalListeners.has(listener)) process.off('SIGTERM', listener);
  await vite.listen();
  const viteOrigin = (vite.resolvedUrls?.local[0] ?? `http://127.0.0.1:${vite.config.server.port}/`).replace(/\/$/, '');

  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const server = spawn(
    process.execPath,
    [
      tsx,
      'watch',
      '--clear-screen=false',
      '--tsconfig',
      join(repoRoot, 'tsconfig.json'),
      join(repoRoot, 'packages/server/bin/toolcards.mjs'),
      ...process.argv.slice(2),
      '--port',
      String(serverPort),
      '--no-open',
    ],
    // The CLI resolves a relative folder (and the default, '.') against its working directory.
    // Its own process group: a Ctrl-C in the terminal reaches this script only, which passes
    // it on once (tsx, told twice, would kill the server before its logs are flushed).
    { cwd: process.env.INIT_CWD ?? process.cwd(), stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  // Every start of the server (the first and each reload) prints its banner: the URL to open is Vite's.
  server.stdout.setEncoding('utf8');
  server.stdout.on('data', (text) => {
    process.stdout.write(
      text.replace(BANNER_URL, (_line, indent, url) => `${indent}open ${devPageUrl(url, viteOrigin)}\n${indent}     (Vite with HMR; the server, on :${serverPort}, restarts when its sources change)`),
    );
  });
  server.stderr.setEncoding('utf8');
  // The client comes from Vite here: dist/client does not matter.
  server.stderr.on('data', (text) => process.stderr.write(text.replace(/^toolcards: the client is not built.*\n/m, '')));

  // tsx passes the signal on and waits: the server stops as it does under `npm start`.
  let stopped;
  const stop = (signal) => {
    stopped ??= (async () => {
      if (server.exitCode === null && server.signalCode === null) server.kill(signal);
      await vite.close();
    })();
    return stopped;
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  // 'close', not 'exit': the server's last lines are read first.
  const code = await new Promise((resolve) => server.once('close', (exitCode) => resolve(exitCode ?? 0)));
  await stop('SIGTERM');
  return code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await dev();
}
