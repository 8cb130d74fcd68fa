/**
 * `npm run bench` — every benchmark; `npm run bench -- grep read-card` — some of them.
 * Prints the table and (re)writes BENCHMARKS.md; a partial run keeps the other sections
 * from the previous BENCHMARKS.md, marked with when they were measured.
 * BENCH_QUICK=1 shrinks sizes and runs to try the benchmarks out (its report goes to
 * bench/.out/BENCHMARKS.quick.md, never BENCHMARKS.md). `--rewrite` runs nothing:
 * it rewrites BENCHMARKS.md from the figures stored in it (after editing miss-reasons.ts).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { BenchContext, BenchDefinition } from './bench-context';
import { bundleSizeBench } from './client/bundle-size.bench';
import { startClientHarness, type ClientHarness } from './client/client-harness';
import { readCardBench } from './client/read-card.bench';
import { searchCardBench } from './client/search-card.bench';
import { streamingBench } from './client/streaming.bench';
import { terminalCardBench } from './client/terminal-card.bench';
import { diffCardBench } from './client/diff-card.bench';
import { exportBench } from './export/export.bench';
import { exportViewerBench } from './export-viewer/export-viewer.bench';
import { firstReadBench } from './first-read/first-read.bench';
import { timelineReplayBench } from './client/timeline-replay.bench';
import { currentLoad, machineAtStart } from './machine';
import { globBench } from './node/glob.bench';
import { grepBench } from './node/grep.bench';
import { packageStartBench } from './node/package-start.bench';
import { prepareLargeTree, type LargeTree } from './node/large-tree';
import { readCountBench } from './node/read-count.bench';
import { sessionSearchBench } from './node/session-search.bench';
import { storeIngestBench } from './node/store-ingest.bench';
import { transcriptsBench } from './node/transcripts.bench';
import { reopenBench } from './reopen/reopen.bench';
import { transcriptPageBench } from './reopen/transcript-page.bench';
import { findInSessionBench } from './reopen/find-in-session.bench';
import { sessionMapBench } from './reopen/session-map.bench';
import { consoleTable, markdownReport, mergeSections, readReportData, type BenchSection } from './report';

const BENCHES: readonly BenchDefinition[] = [
  grepBench,
  globBench,
  packageStartBench,
  readCountBench,
  storeIngestBench,
  readCardBench,
  firstReadBench,
  searchCardBench,
  terminalCardBench,
  diffCardBench,
  timelineReplayBench,
  reopenBench,
  sessionSearchBench,
  findInSessionBench,
  sessionMapBench,
  streamingBench,
  bundleSizeBench,
  transcriptsBench,
  transcriptPageBench,
  exportBench,
  exportViewerBench,
];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportPath = path.join(repoRoot, 'BENCHMARKS.md');
/** Quick-mode figures are not BENCHMARKS.md material: they go next to the build output. */
const quickReportPath = path.join(repoRoot, 'bench/.out/BENCHMARKS.quick.md');

function chosenBenches(names: readonly string[]): BenchDefinition[] {
  if (names.length === 0) return [...BENCHES];
  const unknown = names.filter((name) => !BENCHES.some((bench) => bench.name === name));
  if (unknown.length > 0) {
    throw new Error(`unknown benchmark ${unknown.join(', ')}; the benchmarks are ${BENCHES.map((bench) => bench.name).join(', ')}`);
  }
  return BENCHES.filter((bench) => names.includes(bench.name));
}

async function main(argv: string[]): Promise<void> {
  if (argv.includes('--list')) {
    for (const bench of BENCHES) console.log(`${bench.name.padEnd(14)} ${bench.about}`);
    return;
  }
  if (argv.includes('--rewrite')) {
    const stored = readReportData(existsSync(reportPath) ? await readFile(reportPath, 'utf8') : undefined);
    await writeFile(reportPath, markdownReport(stored, new Date()));
    console.log(`rewrote ${reportPath} from its stored figures (${stored.length} sections)`);
    return;
  }
  const benches = chosenBenches(argv.filter((word) => !word.startsWith('-')));
  const quick = process.env.BENCH_QUICK === '1';
  const runs = quick ? 2 : 5;
  const scratch = await mkdtemp(path.join(tmpdir(), 'toolcards-bench-'));
  const startedAt = new Date();
  const machine = machineAtStart();
  const log = (line: string) => console.log(`  ${line}`);
  console.log(`toolcards benchmarks: ${benches.map((bench) => bench.name).join(', ')}${quick ? ' (quick mode)' : ''}`);
  console.log(`  ${machine.cores} cores, load average ${machine.loadAtStart.toFixed(1)}, ${machine.chromium}, Node ${machine.node}`);
  if (machine.loadAtStart > machine.cores) {
    console.log(`  ⚠ the load average exceeds the core count: other work competes with the benchmarks; BENCHMARKS.md will say so.`);
  }

  let tree: Promise<LargeTree> | undefined;
  let harness: Promise<ClientHarness> | undefined;
  const context: BenchContext = {
    repoRoot,
    runs,
    quick,
    scratch,
    log,
    largeTree: () => (tree ??= prepareLargeTree(repoRoot, log)),
    client: () => (harness ??= startClientHarness({ repoRoot, log })),
  };

  const sections: BenchSection[] = [];
  const failures: string[] = [];
  try {
    for (const bench of benches) {
      console.log(`▸ ${bench.name}`);
      const started = performance.now();
      try {
        const outcome = await bench.run(context);
        sections.push({
          name: bench.name,
          about: bench.about,
          measuredAt: startedAt.toISOString(),
          machine: { ...machine, loadAtEnd: currentLoad() },
          quick,
          runs,
          seconds: (performance.now() - started) / 1000,
          outcome,
        });
        console.log(`  done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      } catch (error) {
        // One broken benchmark must not cost the others' figures.
        failures.push(`${bench.name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        console.error(`  ✗ ${bench.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    if (harness) await (await harness.catch(() => undefined))?.close();
    await rm(scratch, { recursive: true, force: true });
  }

  const target = quick ? quickReportPath : reportPath;
  const stored = readReportData(existsSync(target) ? await readFile(target, 'utf8') : undefined);
  const all = mergeSections(stored, sections, BENCHES.map((bench) => bench.name));
  console.log('');
  console.log(consoleTable(sections));
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, markdownReport(all, new Date()));
  console.log(`\nwrote ${path.relative(process.cwd(), target) || target}`);
  if (failures.length > 0) {
    console.error(`\n${failures.length} benchmark(s) failed:\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
}

await main(process.argv.slice(2));
