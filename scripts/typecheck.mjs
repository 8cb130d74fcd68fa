// `npm run typecheck`: `tsc -b` over the project references in tsconfig.json, with its
// declarations and .tsbuildinfo under node_modules/.cache/tsbuild (never in the tree).
// tsc -b decides what is up to date from our sources alone, so after an npm install had
// changed node_modules it could report a stale pass: drop the cache when npm has installed
// since the last run (npm rewrites node_modules/.package-lock.json on every install).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cache = join(root, 'node_modules/.cache/tsbuild');
const stamp = join(cache, 'installed-at');
const mtime = (path) => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? -1;

if (mtime(join(root, 'node_modules/.package-lock.json')) >= mtime(stamp)) {
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  writeFileSync(stamp, '');
}

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const { status } = spawnSync(process.execPath, [tsc, '-b', join(root, 'tsconfig.json'), ...process.argv.slice(2)], { stdio: 'inherit' });
process.exitCode = status ?? 1;
