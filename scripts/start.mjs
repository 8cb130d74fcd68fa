#!/usr/bin/env node
// `npm start`: build the client when it is missing or stale, then serve the
// folder npm was started from (INIT_CWD) — or the folder given as an argument.
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

/** A reason to rebuild, or undefined when apps/web/dist/index.html is newer than every input. */
export function clientBuildReason(root = repoRoot) {
  const builtAt = newestMtimeMs(join(root, 'apps/web/dist/index.html'));
  if (builtAt === 0) return 'the client is not built yet';
  for (const input of CLIENT_INPUTS) {
    if (newestMtimeMs(join(root, input)) > builtAt) return `${input} changed since the last build`;
  }
  return undefined;
}

/**
 * Runs a build step with its output held back: one line while it runs, its whole output
 * only when it fails (a newcomer's first start shows the URL, not 50 lines of bundler log).
 */
export function runQuietly(command, args, { cwd, what, stderr = process.stderr }) {
  stderr.write(`toolcards: ${what}…\n`);
  const startedAt = Date.now();
  const run = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32', maxBuffer: 64 * 1024 * 1024 });
  if (run.status === 0) {
    stderr.write(`toolcards: done in ${((Date.now() - startedAt) / 1000).toFixed(1)} s\n`);
    return true;
  }
  stderr.write(`${run.stdout ?? ''}${run.stderr ?? ''}${run.error ? `${run.error.message}\n` : ''}`);
  stderr.write(`toolcards: ${what} failed (output above).\n`);
  return false;
}

async function start() {
  const reason = clientBuildReason();
  if (reason && !runQuietly('npx', ['vite', 'build'], { cwd: repoRoot, what: `building the client (${reason})` })) {
    process.stderr.write('toolcards: fix the build, or run `npx vite build` to see it again.\n');
    return 1;
  }
  // `npm run screenshots` and the like: a fresh client, no server.
  if (process.argv.includes('--build-only')) return 0;
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import('../packages/server/src/cli.ts');
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
