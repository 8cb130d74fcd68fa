// The package as a user gets it: the build brought up to date, `npm pack`, and the tarball
// installed into a fresh prefix with `npm install -g --omit=dev`. Shared by the package test
// (scripts/package.test.ts) and the `package` benchmark (bench/node/package-start.bench.ts).
import { execFile } from 'node:child_process';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface PackedFile {
  path: string;
  size: number;
}

export interface Tarball {
  file: string;
  /** The tarball's own size (gzip). */
  bytes: number;
  /** Its files' total size. */
  unpackedBytes: number;
  files: PackedFile[];
}

export interface InstalledPackage {
  prefix: string;
  /** `<prefix>/bin/toolcards`: the link npm made to the package's bin. */
  bin: string;
  /** `<prefix>/lib/node_modules/toolcards`. */
  dir: string;
}

interface StartScript {
  clientBuildReason(root: string): string | undefined;
  serverBuildReason(root: string): string | undefined;
  runQuietly(command: string, args: string[], options: { cwd: string; what: string; stderr: { write(text: string): void }; env?: NodeJS.ProcessEnv }): boolean;
}

/**
 * Builds the client and the server bundle when they are missing or older than their sources,
 * the way `npm start` decides (scripts/start.mjs); `log` gets its one line per build.
 */
export async function ensureBuilt(root: string, log: (line: string) => void): Promise<void> {
  const start = (await import(pathToFileURL(path.join(root, 'scripts/start.mjs')).href)) as StartScript;
  const stderr = { write: (text: string) => log(text.trimEnd()) };
  // Not the caller's NODE_ENV: under Vitest it is `test`, and Vite would then bundle React's development build.
  const env = cleanEnv();
  const client = start.clientBuildReason(root);
  if (client !== undefined && !start.runQuietly('npx', ['vite', 'build'], { cwd: root, what: `building the client (${client})`, stderr, env })) {
    throw new Error('the client build failed (its output is above)');
  }
  const server = start.serverBuildReason(root);
  if (server !== undefined && !start.runQuietly(process.execPath, ['scripts/build-server.mjs'], { cwd: root, what: `building the server (${server})`, stderr, env })) {
    throw new Error('the server build failed (its output is above)');
  }
}

/**
 * `npm pack` into `destination`. Its `prepack` (a whole `npm run build`) is skipped: call
 * `ensureBuilt` first, which rebuilds only what is stale.
 */
export async function packTarball(root: string, destination: string): Promise<Tarball> {
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', destination], root);
  const [packed] = JSON.parse(stdout) as { filename: string; size: number; unpackedSize: number; files: PackedFile[] }[];
  if (!packed) throw new Error(`npm pack printed no package: ${stdout}`);
  return {
    file: path.join(destination, packed.filename),
    bytes: packed.size,
    unpackedBytes: packed.unpackedSize,
    files: packed.files.map(({ path: file, size }) => ({ path: file, size })),
  };
}

/**
 * `npm install -g --prefix <prefix> <tarball> --omit=dev`: what a user does on a clean
 * machine. The runtime dependencies come from npm's cache when it has them.
 */
export async function installTarball(tarball: string, prefix: string): Promise<InstalledPackage> {
  await run('npm', ['install', '-g', '--prefix', prefix, tarball, '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], path.dirname(tarball));
  return { prefix, bin: path.join(prefix, 'bin/toolcards'), dir: path.join(prefix, 'lib/node_modules/toolcards') };
}

/** Bytes of the regular files under `dir` (symlinks not followed) for which `keep` holds. */
export async function folderBytes(dir: string, keep: (file: string) => boolean = () => true): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) bytes += await folderBytes(full, keep);
    else if (entry.isFile() && keep(full)) bytes += (await lstat(full)).size;
  }
  return bytes;
}

/** ripgrep's executable, which the platform package (@vscode/ripgrep-<os>-<arch>) ships. */
export function isRipgrepBinary(file: string): boolean {
  return /[/\\]@vscode[/\\]ripgrep-[^/\\]+[/\\]bin[/\\]rg(\.exe)?$/.test(file);
}

/**
 * The environment for the builds, npm and the installed command: nothing of the test run's
 * loaders (NODE_OPTIONS) or mode (NODE_ENV, `test` under Vitest), and no model key.
 */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, TOOLCARDS_API_KEY: '', DEEPSEEK_API_KEY: '', CI: '1', ...extra };
  delete env.NODE_OPTIONS;
  delete env.NODE_ENV;
  return env;
}

function run(command: string, args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, env: cleanEnv(), maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${stdout}${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}
