#!/usr/bin/env node
// `npm start`: build the client and the server bundle when they are missing or stale, then
// serve the folder npm was started from (INIT_CWD) — or the folder given as an argument —
// with the built code (dist/cli.mjs): no tsx, no TypeScript at run time.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Everything the client build reads: its sources, the protocol, the page and the Vite config. */
export const CLIENT_INPUTS = ['apps/web/src', 'packages/protocol/src', 'apps/web/index.html', 'vite.config.ts', 'public'];

/** Newest modification time under `path` (0 when it does not exist). */
export function newestMtimeMs(path) {
  let info;
  try {
    info = statSync(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtimeMs(join(path, entry)));
  }
  return newest;
}

/** Where Vite builds the client (vite.config.ts); the server serves it from there. */
export const CLIENT_BUILD = 'dist/client/index.html';
/** The server bundle's entry (scripts/build-server.mjs). */
export const SERVER_BUILD = 'dist/cli.mjs';

/** A reason to rebuild, or undefined when dist/client/index.html is newer than every input. */
export function clientBuildReason(root = repoRoot) {
  const builtAt = newestMtimeMs(join(root, CLIENT_BUILD));
  if (builtAt === 0) return 'the client is not built yet';
  for (const input of CLIENT_INPUTS) {
    if (newestMtimeMs(join(root, input)) > builtAt) return `${input} changed since the last build`;
  }
  return undefined;
}

/**
 * Everything the server bundle is made from: every workspace package's sources, the build
 * script (esbuild's options) and the root package.json (which packages stay external).
 */
export function serverInputs(root = repoRoot) {
  let packages = [];
  try {
    packages = readdirSync(join(root, 'packages')).sort();
  } catch {
    // No packages folder: nothing to compare with.
  }
  return [...packages.map((name) => `packages/${name}/src`), 'scripts/build-server.mjs', 'package.json'];
}

/** A reason to rebuild, or undefined when dist/cli.mjs is newer than every input. */
export function serverBuildReason(root = repoRoot) {
  const builtAt = newestMtimeMs(join(root, SERVER_BUILD));
  if (builtAt === 0) return 'the server is not built yet';
  for (const input of serverInputs(root)) {
    if (newestMtimeMs(join(root, input)) > builtAt) return `${input} changed since the last build`;
  }
  return undefined;
}

/**
 * Runs a build step with its output held back: one line while it runs, its whole output
 * only when it fails (a newcomer's first start shows the URL, not 50 lines of bundler log).
 */
export function runQuietly(command, args, { cwd, what, stderr = process.stderr, env = process.env }) {
  stderr.write(`toolcards: ${what}…\n`);
  const startedAt = Date.now();
  const run = spawnSync(command, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32', maxBuffer: 64 * 1024 * 1024 });
  if (run.status === 0) {
    stderr.write(`toolcards: done in ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`);
    return true;
  }
  stderr.write(`${run.stdout ?? ''}${run.stderr ?? ''}${run.error ? `${run.error.message}\n` : ''}`);
  stderr.write(`toolcards: ${what} failed (output above).\n`);
  return false;
}

async function start() {
  const clientReason = clientBuildReason();
  if (clientReason && !runQuietly('npx', ['vite', 'build'], { cwd: repoRoot, what: `building the client (${clientReason})` })) {
    process.stderr.write('toolcards: fix the build, or run `npx vite build` to see it again.\n');
    return 1;
  }
  const serverReason = serverBuildReason();
  if (serverReason && !runQuietly(process.execPath, ['scripts/build-server.mjs'], { cwd: repoRoot, what: `building the server (${serverReason})` })) {
    process.stderr.write('toolcards: fix the build, or run `node scripts/build-server.mjs` to see it again.\n');
    return 1;
  }
  // `npm run screenshots` and the like: a fresh build, no server.
  if (process.argv.includes('--build-only')) return 0;
  // By its path, not a literal import: the bundle exists only once built (lint:imports runs before any build).
  const { main } = await import(pathToFileURL(join(repoRoot, SERVER_BUILD)).href);
  return main(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.env.INIT_CWD ?? process.cwd(),
    env: process.env,
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await start();
}
