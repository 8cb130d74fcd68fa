#!/usr/bin/env node
// `npm start`: build the client and the server bundle when they are missing or stale, then
// serve the folder npm was started from (INIT_CWD) — or the folder given as an argument —
// with the built code (dist/cli.mjs): no tsx, no TypeScript at run time.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Everything the client build reads: its sources, the protocol, the page and the Vite config. */
export const CLIENT_INPUTS = ['apps/web/src', 'packages/protocol/src', 'apps/web/index.html', 'vite.config.ts', 'vite.export-viewer.config.ts', 'vite.preload-fetched-with-page.ts', 'public'];
/** The HTML export's viewer, built with the client (vite.export-viewer.config.ts). */
export const EXPORT_VIEWER_BUILD = 'dist/export-viewer/export-viewer.js';

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
  if (newestMtimeMs(join(root, EXPORT_VIEWER_BUILD)) === 0) return 'the export viewer is not built yet';
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

/**
 * Stops this process (as SIGTERM would: the server closes its sessions and exits) once the
 * process that started it is gone. `npm start` runs us as `sh -c 'node scripts/start.mjs'`,
 * and Debian's sh (dash) forks rather than execs: on SIGTERM npm signals that shell, which
 * dies without passing the signal on; on SIGHUP npm itself dies and the shell waits on. Either
 * way we would keep serving port 3080 as an orphan. Node has no parent-death signal, so the
 * processes we run under are checked every `everyMs` (the timer is unref'd: it never keeps
 * the process alive by itself). Returns a function that stops watching.
 */
export function stopWithParent({ watched = processesWeRunUnder(), everyMs = 500, stop = () => process.kill(process.pid, 'SIGTERM') } = {}) {
  const timer = setInterval(() => {
    if (watched.every(processExists)) return;
    clearInterval(timer);
    stop();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Our parent, and when that is the shell npm ran a script in, npm too (its parent): the
 * shell outlives npm when npm is hung up on. Not further up: `nohup npm start &` must
 * survive the login shell that started it.
 */
export function processesWeRunUnder(parentPid = process.ppid, startedByNpm = process.env.npm_lifecycle_event !== undefined) {
  if (!startedByNpm) return [parentPid];
  const parent = processInfo(parentPid);
  if (parent === undefined || !/^(sh|dash|bash|zsh|ash|ksh|mksh)$/.test(parent.name) || parent.parentPid <= 1) return [parentPid];
  return [parentPid, parent.parentPid];
}

/** A process's command name and parent: /proc on Linux, `ps` elsewhere; undefined when unknown. */
function processInfo(pid) {
  try {
    if (process.platform === 'linux') {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split at the last ')'.
      const close = stat.lastIndexOf(')');
      return { name: stat.slice(stat.indexOf('(') + 1, close), parentPid: Number(stat.slice(close + 2).split(' ')[1]) };
    }
    if (process.platform === 'win32') return undefined;
    const [parentPid, ...command] = execFileSync('ps', ['-o', 'ppid=,comm=', '-p', String(pid)], { encoding: 'utf8' }).trim().split(/\s+/);
    return { name: basename(command.join(' ')).replace(/^-/, ''), parentPid: Number(parentPid) };
  } catch {
    return undefined;
  }
}

function processExists(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return error?.code === 'EPERM';
  }
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
  stopWithParent();
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
