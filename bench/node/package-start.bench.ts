import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { rgPath } from '@vscode/ripgrep';
import { cleanEnv, ensureBuilt, folderBytes, installTarball, isRipgrepBinary, packTarball } from '../../scripts/packed-install';
import type { BenchContext, BenchDefinition } from '../bench-context';
import { exactFigure, measuredFigure, type Figure } from '../figures';
import { pairwiseDifferences } from '../stats';
import { spawnAndDrain } from './spawn-drain';

/** Few matches: the cost is ripgrep walking the tree, plus our process around it. */
const RARE_PATTERN = 'ECONNRESET';
const GREP_OVERHEAD_TARGET = { op: '≤', value: 150 } as const;
const START_TARGET = { op: '≤', value: 300 } as const;

export const packageStartBench: BenchDefinition = {
  name: 'package',
  about:
    'the packed tarball installed into a temp prefix with --omit=dev: `toolcards tool grep` as a whole process vs `rg --json` on the ' +
    'same tree, `toolcards` until it prints its URL, and the installed size',
  async run(context) {
    await ensureBuilt(context.repoRoot, context.log);
    const tarball = await packTarball(context.repoRoot, context.scratch);
    context.log(`installing ${path.basename(tarball.file)} into a temp prefix…`);
    const installed = await installTarball(tarball.file, path.join(context.scratch, 'package-prefix'));
    const tree = await context.largeTree();

    const grep = await compareGrepProcesses(context, installed.bin, tree.root);
    const start = await timeStart(context, installed.bin);
    const withDependencies = await folderBytes(installed.dir, (file) => !isRipgrepBinary(file));
    const ripgrepBinary = (await folderBytes(installed.dir)) - withDependencies;
    const own = await folderBytes(installed.dir, (file) => !path.relative(installed.dir, file).startsWith(`node_modules${path.sep}`));
    const platformRipgrep = `@vscode/ripgrep-${process.platform}-${process.arch}`;
    const dependencies = await Promise.all(
      ['ws', 'openai', '@vscode/ripgrep', platformRipgrep].map(
        async (name) => `${name} ${megabytes(await folderBytes(path.join(installed.dir, 'node_modules', name), (file) => !isRipgrepBinary(file)))}`,
      ),
    );

    const figures: Figure[] = [
      measuredFigure('package.grep.toolcards', `grep "${RARE_PATTERN}": installed \`toolcards tool grep\`, whole process`, 'ms', grep.toolcardsMs),
      measuredFigure('package.grep.rg', `grep "${RARE_PATTERN}": \`rg --json\`, whole process`, 'ms', grep.rgMs),
      measuredFigure('package.grep.overhead', `grep "${RARE_PATTERN}": installed toolcards − rg, whole processes (pairs)`, 'ms', pairwiseDifferences(grep.toolcardsMs, grep.rgMs), GREP_OVERHEAD_TARGET),
      measuredFigure('package.start', 'installed `toolcards <folder>`: start until the URL is printed', 'ms', start.toolcardsMs, START_TARGET),
      measuredFigure('package.node', 'bare `node -e 0`, for reference', 'ms', start.nodeMs),
      exactFigure('package.size.installed', 'installed package, unpacked, with its dependencies, without ripgrep’s binary', 'MB', withDependencies / 1e6),
      exactFigure('package.size.own', 'of which the package itself (bin, dist: server bundle, client, source maps)', 'MB', own / 1e6),
      exactFigure('package.size.tarball', 'the tarball `npm pack` makes (gzip)', 'MB', tarball.bytes / 1e6),
    ];
    return {
      figures,
      details: [
        `The tarball holds ${tarball.files.length} files (${(tarball.unpackedBytes / 1e6).toFixed(1)} MB unpacked): ` +
          `${tarball.files.filter((file) => file.path.startsWith('dist/client/')).length} of the client, ` +
          `${tarball.files.filter((file) => /^dist\/.*\.mjs$/.test(file.path)).length} server modules (${(sumOf(tarball.files, /^dist\/.*\.mjs$/) / 1e3).toFixed(0)} kB) ` +
          `and their source maps (${(sumOf(tarball.files, /^dist\/.*\.map$/) / 1e3).toFixed(0)} kB), the bin, README.md and package.json.`,
        `Installed dependencies: ${dependencies.join(', ')}; ripgrep’s own binary, counted nowhere above: ${megabytes(ripgrepBinary)}.`,
        `grep runs on the tree of the \`grep\` bench (a copy of node_modules, ${tree.files.toLocaleString('en-US')} files); pairs alternate which goes first, after one unmeasured pair.`,
        'The start is timed from spawning the installed bin link to its `open http://…` line on stdout, on a small folder with a fresh data dir, no model key.',
      ],
    };
  },
};

function megabytes(bytes: number): string {
  return bytes >= 1e5 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(0)} kB`;
}

function sumOf(files: readonly { path: string; size: number }[], pattern: RegExp): number {
  return files.filter((file) => pattern.test(file.path)).reduce((sum, file) => sum + file.size, 0);
}

async function compareGrepProcesses(context: BenchContext, bin: string, root: string): Promise<{ toolcardsMs: number[]; rgMs: number[] }> {
  const toolcardsArgs = ['tool', 'grep', JSON.stringify({ pattern: RARE_PATTERN }), '--workspace', root, '--json'];
  const rgArgs = ['--no-config', '--json', `--regexp=${RARE_PATTERN}`, '--', '.'];
  // The command spills into os.tmpdir(): point that at the scratch folder, which the runner removes.
  const env = cleanEnv({ TMPDIR: await mkdtemp(path.join(context.scratch, 'package-grep-')) });
  const toolcardsMs: number[] = [];
  const rgMs: number[] = [];
  for (let index = -1; index < context.runs; index += 1) {
    const toolcardsFirst = index % 2 === 0;
    const timeToolcards = async () => (await spawnAndDrain(bin, toolcardsArgs, root, env)).ms;
    const timeRipgrep = async () => (await spawnAndDrain(rgPath, rgArgs, root)).ms;
    const first = toolcardsFirst ? await timeToolcards() : await timeRipgrep();
    const second = toolcardsFirst ? await timeRipgrep() : await timeToolcards();
    if (index < 0) continue; // warm-up: the page cache
    toolcardsMs.push(toolcardsFirst ? first : second);
    rgMs.push(toolcardsFirst ? second : first);
  }
  return { toolcardsMs, rgMs };
}

/** Each run: the installed command until its URL, then a bare Node, back to back. */
async function timeStart(context: BenchContext, bin: string): Promise<{ toolcardsMs: number[]; nodeMs: number[] }> {
  const workspace = path.join(context.scratch, 'package-start-folder');
  await mkdir(workspace, { recursive: true });
  await writeFile(path.join(workspace, 'hello.ts'), 'export const hello = 1;\n');
  const toolcardsMs: number[] = [];
  const nodeMs: number[] = [];
  for (let index = -1; index < context.runs; index += 1) {
    const dataDir = await mkdtemp(path.join(context.scratch, 'package-start-data-'));
    const started = await untilUrl(bin, [workspace, '--port', '0', '--no-open', '--data-dir', dataDir]);
    const node = (await spawnAndDrain(process.execPath, ['-e', '0'], workspace, cleanEnv())).ms;
    if (index < 0) continue; // warm-up: the page cache
    toolcardsMs.push(started);
    nodeMs.push(node);
  }
  return { toolcardsMs, nodeMs };
}

/** Milliseconds from spawn to the `open http://…` line; the server is then stopped (not timed). */
function untilUrl(bin: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const startedAt = performance.now();
    const child = spawn(bin, args, { env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let ms: number | undefined;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (ms === undefined && /open http:\/\/\S+/.test(stdout)) {
        ms = performance.now() - startedAt;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      if (ms === undefined) reject(new Error(`toolcards exited (${String(code)}) without printing its URL: ${stdout}${stderr}`));
      else if (code !== 0) reject(new Error(`toolcards did not stop cleanly (exit ${String(code)}): ${stderr}`));
      else resolve(ms);
    });
  });
}
