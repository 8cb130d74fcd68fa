// The package as a user gets it (issue 18): the tarball `npm pack` makes, installed into a
// clean prefix with --omit=dev, then its `toolcards` command run for real — no tsx, no
// TypeScript, no dev dependency. One build, pack and install for the whole file.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { until } from '../packages/tools/src/test-support/until';
import { cleanEnv, ensureBuilt, installTarball, packTarball, type InstalledPackage, type Tarball } from './packed-install';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Building the client on a busy 2-core machine, packing and installing: minutes at worst. */
const SETUP_TIMEOUT = 600_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runInstalled(pkg: InstalledPackage, args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  // The bin link itself, as a shell would run it: its #! line picks the Node on PATH.
  return runToEnd(pkg.bin, args, cwd, cleanEnv(env));
}

/** Runs a process to its exit, collecting what it printed. */
function runToEnd(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolveRun({ code, stdout, stderr }));
  });
}

describe('the packed toolcards, installed with --omit=dev', { timeout: 60_000 }, () => {
  let scratch: string;
  let tarball: Tarball;
  let installed: InstalledPackage;
  let manifest: { name: string; version: string; dependencies: Record<string, string>; scripts: Record<string, string> };

  beforeAll(async () => {
    scratch = await realpath(await mkdtemp(join(tmpdir(), 'toolcards-package-')));
    const log: string[] = [];
    try {
      await ensureBuilt(repoRoot, (line) => log.push(line));
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${log.join('\n')}`);
    }
    tarball = await packTarball(repoRoot, scratch);
    installed = await installTarball(tarball.file, join(scratch, 'prefix'));
    manifest = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as typeof manifest;
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('packs the built CLI, the built client, the bin and the README — no sources, tests or node_modules', () => {
    const paths = tarball.files.map((file) => file.path);
    expect(paths).toEqual(expect.arrayContaining(['package.json', 'README.md', 'bin/toolcards.mjs', 'dist/cli.mjs', 'dist/cli.mjs.map', 'dist/client/index.html']));
    expect(paths.some((path) => /^dist\/chunks\/.+\.mjs$/.test(path))).toBe(true);
    expect(paths.some((path) => /^dist\/client\/assets\/.+\.js$/.test(path))).toBe(true);
    // The HTML export's viewer and its Node highlighter (vite.export-viewer.config.ts).
    expect(paths).toEqual(expect.arrayContaining(['dist/export-viewer/export-viewer.js', 'dist/export-viewer/export-viewer.css', 'dist/export-viewer/node/precompute-highlights.mjs']));
    const unexpected = paths.filter((path) => !/^(package\.json|README\.md|LICENSE|bin\/toolcards\.mjs|dist\/.+)$/.test(path));
    expect(unexpected).toEqual([]);
    expect(paths.filter((path) => /\.(tsx?|cts|mts)$|\.test\.|node_modules|storybook-static/.test(path))).toEqual([]);
    // `npm pack` (and publish) build first, so a tarball is never stale.
    expect(manifest.scripts.prepack).toBe('npm run build');
  });

  it('installs only the runtime dependencies', async () => {
    const top = (await readdir(join(installed.dir, 'node_modules'))).filter((name) => !name.startsWith('.'));
    const scoped = top.filter((name) => name.startsWith('@'));
    const names = top.filter((name) => !name.startsWith('@'));
    for (const scope of scoped) names.push(...(await readdir(join(installed.dir, 'node_modules', scope))).map((name) => `${scope}/${name}`));
    const platformRipgrep = `@vscode/ripgrep-${process.platform}-${process.arch}`;
    expect(names.sort()).toEqual([...Object.keys(manifest.dependencies), platformRipgrep].sort());
  });

  it('loads every module of its bundle with only what it installed (the lazily loaded model driver and openai too)', async () => {
    const modules = tarball.files.filter((file) => /^dist\/.*\.mjs$/.test(file.path)).map((file) => join(installed.dir, file.path));
    expect(modules.some((file) => /openai-model-driver/.test(file))).toBe(true);
    const script = `for (const file of ${JSON.stringify(modules)}) await import(file); console.log('loaded', ${modules.length});`;
    const run = await runToEnd(process.execPath, ['--input-type=module', '-e', script], scratch, cleanEnv());
    expect(run).toMatchObject({ code: 0, stdout: `loaded ${modules.length}\n`, stderr: '' });
  });

  it('prints its version', async () => {
    const run = await runInstalled(installed, ['--version'], scratch);
    expect(run).toMatchObject({ code: 0, stdout: `${manifest.version}\n` });
  });

  it('runs a tool in the folder it is started from, with the packaged ripgrep', async () => {
    const folder = join(scratch, 'tool-folder');
    await mkdir(join(folder, 'src'), { recursive: true });
    await writeFile(join(folder, 'src/needle.txt'), 'hay\nthe packaged needle\nhay\n');
    // Node and nothing else on PATH: no ripgrep but the package's.
    const onlyNode = { PATH: dirname(process.execPath) };
    const run = await runInstalled(installed, ['tool', 'grep', JSON.stringify({ pattern: 'packaged needle' }), '--json'], folder, onlyNode);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { isError: boolean; meta: unknown; view: unknown };
    expect(result.isError).toBe(false);
    expect(result.meta).toMatchObject({ shape: 'matches', total: 1, files: [{ path: 'src/needle.txt', matches: [{ lineNumber: 2, line: 'the packaged needle' }] }] });
    expect(result.view).toMatchObject({ card: 'search', total: 1 });

    const text = await runInstalled(installed, ['tool', 'grep', JSON.stringify({ pattern: 'packaged needle' })], folder, onlyNode);
    expect(text).toMatchObject({ code: 0, stderr: '' });
    expect(text.stdout).toContain('src/needle.txt');
  });

  it('serves a folder: the page, /api/info with the printed token and the WebSocket answer; SIGTERM stops it', async () => {
    const workspace = join(scratch, 'served-folder');
    await mkdir(workspace, { recursive: true });
    await writeFile(join(workspace, 'hello.txt'), 'hello\n');
    const child: ChildProcess = spawn(installed.bin, [workspace, '--port', '0', '--no-open', '--data-dir', join(scratch, 'data')], {
      cwd: scratch,
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
    try {
      const printed = () => /open (http:\/\/\S+)/.exec(stdout)?.[1];
      await until(() => printed() !== undefined || child.exitCode !== null, () => `the start URL; stdout: ${stdout} stderr: ${stderr}`);
      const url = new URL(printed() ?? `http://exited.invalid/?exit=${child.exitCode}&stderr=${encodeURIComponent(stderr)}`);
      const token = url.searchParams.get('token') ?? '';
      expect(stderr).not.toContain('not built');

      const page = await fetch(url);
      expect(page.status).toBe(200);
      const entry = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
      expect(entry).toBeDefined();
      const script = await fetch(new URL(entry!, url));
      expect(script.status).toBe(200);
      // React's production build: a client built with NODE_ENV=test (Vitest's) would carry jsxDEV.
      expect(await script.text()).not.toContain('jsxDEV');

      const info = await fetch(new URL('/api/info', url), { headers: { Authorization: `Bearer ${token}` } });
      expect(info.status).toBe(200);
      expect(await info.json()).toMatchObject({ version: manifest.version, workspace: await realpath(workspace), model: null });

      const hello = await new Promise<unknown>((resolveHello, reject) => {
        const socket = new WebSocket(`ws://${url.host}/ws?token=${encodeURIComponent(token)}`);
        socket.once('message', (data: Buffer) => {
          resolveHello(JSON.parse(data.toString()));
          socket.close();
        });
        socket.once('error', reject);
      });
      expect(hello).toMatchObject({ type: 'hello', version: manifest.version });

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
