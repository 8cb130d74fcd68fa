import { spawn } from 'node:child_process';
import { copyFileSync, cpSync, createWriteStream, existsSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { finished } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { replaySessionLog } from '../../packages/session/src/index';
import * as tools from '../../packages/tools/src/index';
import { openExportDocument } from '../../packages/server/src/export/export-document';
import { writeExport, type ExportFormat } from '../../packages/server/src/export/export-format';
import { MASK_ALL } from '../../packages/server/src/export/masking/mask-settings';
import { historyItem } from '../../packages/server/src/runtime/subscription/history-item';
import { ViewComputer } from '../../packages/server/src/runtime/view-computation';
import type { BenchDefinition } from '../bench-context';
import { exactFigure, measuredFigure } from '../figures';
import { rssOf } from '../process-memory';
import { pairwiseRatios } from '../stats';
import { writeLargeTranscript, writeLongSession } from './export-session-writer';

const FIXTURE = 'packages/importers/src/claude-code/fixtures/claude-code-2.1.332-scenario.jsonl';
const BIN = 'packages/server/bin/toolcards.mjs';
/** RSS is read this often while the CLI exports. */
const RSS_SAMPLE_MS = 50;

export const exportBench: BenchDefinition = {
  name: 'export',
  about: 'toolcards export: a 3,000-call session written as HTML and Markdown (time, size vs its lean history), the real CLI exporting a 100 MB transcript (peak RSS)',
  async run(context) {
    const calls = context.quick ? 300 : 3_000;
    context.log(`export: writing a ${calls}-call session`);
    const session = await writeLongSession(path.join(context.scratch, 'export'), calls);
    const historyBytes = await leanHistoryBytes(session.logPath);
    const runs = Math.max(2, Math.min(context.runs, context.quick ? 2 : 5));
    const timings: Record<ExportFormat, number[]> = { html: [], md: [] };
    const documentMs: number[] = [];
    const historyMs: number[] = [];
    const sizes: Record<ExportFormat, { bytes: number; gzip: number }> = { html: { bytes: 0, gzip: 0 }, md: { bytes: 0, gzip: 0 } };
    for (let run = 0; run <= runs; run += 1) {
      // Baseline, same run: the session's history read as the WebSocket sends it (views, lean, JSON).
      let started = performance.now();
      await leanHistoryBytes(session.logPath);
      if (run > 0) historyMs.push(performance.now() - started);
      // The document alone (both reads, the scan, masking), no file written.
      started = performance.now();
      const items = (await openExportDocument({ dataDir: session.dataDir, sessionId: session.id, mask: MASK_ALL })).items;
      for await (const _item of items) void _item;
      if (run > 0) documentMs.push(performance.now() - started);
      for (const format of ['md', 'html'] as const) {
        const out = path.join(context.scratch, 'export', `session-${run}.${format}`);
        const started = performance.now();
        const doc = await openExportDocument({ dataDir: session.dataDir, sessionId: session.id, mask: MASK_ALL });
        const file = createWriteStream(out);
        await writeExport(doc, format, file);
        file.end();
        await finished(file);
        // Run 0 warms up (the presenters, secretlint, the HTML viewer and its highlighter load).
        if (run > 0) timings[format].push(performance.now() - started);
        const bytes = readFileSync(out);
        sizes[format] = { bytes: bytes.length, gzip: gzipSync(bytes).length };
      }
    }

    // EXPORT_BENCH_MB=2000 tries the 2 GB transcript (not part of a normal run: minutes and 2 GB of disk).
    const megabytes = Number(process.env.EXPORT_BENCH_MB) || (context.quick ? 5 : 100);
    const transcript = path.join(context.scratch, 'export', 'big-transcript.jsonl');
    const fixtureLines = (await readFile(path.join(context.repoRoot, FIXTURE), 'utf8')).split('\n').filter((line) => line !== '');
    const transcriptBytes = await writeLargeTranscript(transcript, fixtureLines, megabytes * 1e6);
    const what = `${(transcriptBytes / 1e6).toFixed(0)} MB transcript`;
    const cliRuns = context.quick ? 1 : 2;
    const builtCli = await buildPackageCli(context.repoRoot, path.join(context.scratch, 'export', 'package'));
    const clis = { built: builtCli, source: path.join(context.repoRoot, BIN) } as const;
    const rss = { built: { html: [] as number[], md: [] as number[] }, source: { html: [] as number[], md: [] as number[] } };
    const cliMs = { built: { html: [] as number[], md: [] as number[] }, source: { html: [] as number[], md: [] as number[] } };
    for (let run = 0; run < cliRuns; run += 1) {
      for (const cli of ['built', 'source'] as const) {
        for (const format of ['md', 'html'] as const) {
          context.log(`export: the ${cli} CLI on the ${what} (${format}), run ${run + 1}`);
          const measured = await cliExport(clis[cli], transcript, path.join(context.scratch, 'export', `big.${format}`), format, session.dataDir);
          rss[cli][format].push(measured.peakRssMb);
          cliMs[cli][format].push(measured.ms);
        }
      }
    }
    const sessionWhat = `${calls.toLocaleString('en-US')}-call session`;
    return {
      figures: [
        exactFigure('export.history.kB', `${sessionWhat}: lean history bytes (what the WebSocket history sends)`, 'kB', historyBytes / 1e3),
        measuredFigure('export.html.ms', `${sessionWhat}: HTML written (open, mask, write)`, 'ms', timings.html, { op: '≤', value: 3_000 }),
        measuredFigure('export.md.ms', `${sessionWhat}: Markdown written`, 'ms', timings.md),
        measuredFigure('export.document.ms', `${sessionWhat}: the export document alone (read twice, secrets scanned, masked), no file`, 'ms', documentMs),
        measuredFigure('export.history.ms', `${sessionWhat}: its history read as the WebSocket sends it (baseline)`, 'ms', historyMs),
        measuredFigure('export.document.ratio', `${sessionWhat}: the document / the history read`, 'ratio', pairwiseRatios(documentMs, historyMs)),
        measuredFigure('export.html.ratio', `${sessionWhat}: HTML written / the history read`, 'ratio', pairwiseRatios(timings.html, historyMs)),
        exactFigure('export.html.size.ratio', `${sessionWhat}: HTML file / lean history bytes`, 'ratio', sizes.html.bytes / historyBytes, { op: '≤', value: 1.2 }),
        exactFigure('export.html.gzip.ratio', `${sessionWhat}: gzip of the HTML / lean history bytes`, 'ratio', sizes.html.gzip / historyBytes, { op: '≤', value: 0.3 }),
        exactFigure('export.md.size.ratio', `${sessionWhat}: Markdown file / lean history bytes`, 'ratio', sizes.md.bytes / historyBytes),
        measuredFigure('export.cli.html.rss.MB', `${what}: the package's CLI (built), peak RSS exporting HTML`, 'MB', rss.built.html, { op: '≤', value: 250 }),
        measuredFigure('export.cli.md.rss.MB', `${what}: the package's CLI (built), peak RSS exporting Markdown`, 'MB', rss.built.md, { op: '≤', value: 250 }),
        measuredFigure('export.cli.html.ms', `${what}: the package's CLI (built) exporting HTML, start to exit`, 'ms', cliMs.built.html),
        measuredFigure('export.cli.md.ms', `${what}: the package's CLI (built) exporting Markdown, start to exit`, 'ms', cliMs.built.md),
        measuredFigure('export.cli-source.html.rss.MB', `${what}: the CLI from source (tsx), peak RSS exporting HTML`, 'MB', rss.source.html),
        measuredFigure('export.cli-source.md.rss.MB', `${what}: the CLI from source (tsx), peak RSS exporting Markdown`, 'MB', rss.source.md),
      ],
      details: [
        `The session: ${sessionWhat} run for real (read tool, packaged ripgrep) on a generated 60-file workspace, a prompt every 20 calls and the model's text every 5; in-process, masking on (secretlint over every string). Run 0 of ${runs + 1} warms up. HTML ${(sizes.html.bytes / 1e6).toFixed(2)} MB (gzip ${(sizes.html.gzip / 1e6).toFixed(2)} MB), Markdown ${(sizes.md.bytes / 1e6).toFixed(2)} MB, lean history ${(historyBytes / 1e6).toFixed(2)} MB.`,
        `The transcript: the real Claude Code 2.1.332 scenario repeated with fresh tool ids; \`toolcards export <path> --format … --out …\` as a child process, its VmRSS read every ${RSS_SAMPLE_MS} ms: the package's CLI (this checkout bundled by scripts/build-server.mjs into the scratch folder, the built HTML viewer of dist/export-viewer beside it, as \`npm pack\` ships them) and, for comparison, the CLI from source (bin/toolcards.mjs through tsx, which transpiles every module in the process).`,
        "The file's first screen from file:// is export-html's measurement (its own figures).",
      ],
    };
  },
};

/** Bytes of the session's history as the WebSocket sends it: each event's lean item, as JSON. */
async function leanHistoryBytes(logPath: string): Promise<number> {
  const views = new ViewComputer({ ...tools, onPresenterFailure: () => {} });
  let bytes = 0;
  await replaySessionLog(logPath, (event) => {
    bytes += Buffer.byteLength(JSON.stringify(historyItem(event, views.viewFor(event))));
  });
  return bytes;
}

/**
 * The CLI as the package ships it, built from this checkout into `dir` (the repo's dist/ is
 * left alone: other work may be using it). The HTML viewer is the repo's built one.
 */
async function buildPackageCli(repoRoot: string, dir: string): Promise<string> {
  await mkdir(path.join(dir, 'scripts'), { recursive: true });
  for (const name of ['packages', 'node_modules']) symlinkSync(path.join(repoRoot, name), path.join(dir, name));
  copyFileSync(path.join(repoRoot, 'package.json'), path.join(dir, 'package.json'));
  copyFileSync(path.join(repoRoot, 'scripts/build-server.mjs'), path.join(dir, 'scripts/build-server.mjs'));
  const { buildServer } = (await import(pathToFileURL(path.join(dir, 'scripts/build-server.mjs')).href)) as { buildServer(root: string): Promise<void> };
  await buildServer(dir);
  const viewer = path.join(repoRoot, 'dist/export-viewer');
  if (!existsSync(viewer)) throw new Error('dist/export-viewer is not built: run npm run build first');
  cpSync(viewer, path.join(dir, 'dist/export-viewer'), { recursive: true });
  const entry = path.join(dir, 'run-cli.mjs');
  writeFileSync(entry, "const { main } = await import('./dist/cli.mjs');\nprocess.exitCode = await main(process.argv.slice(2));\n");
  return entry;
}

async function cliExport(cli: string, transcript: string, out: string, format: ExportFormat, dataDir: string): Promise<{ peakRssMb: number; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, 'export', transcript, '--format', format, '--out', out, '--data-dir', dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let peak = 0;
  const sample = setInterval(() => {
    peak = Math.max(peak, rssOf(child.pid));
  }, RSS_SAMPLE_MS);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sample);
  if (code !== 0) throw new Error(`toolcards export exited ${code}: ${stderr}`);
  if (statSync(out).size === 0) throw new Error('the export is empty');
  return { peakRssMb: peak / 1024, ms: performance.now() - started };
}
