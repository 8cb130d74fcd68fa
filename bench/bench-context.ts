import type { ClientHarness } from './client/client-harness';
import type { BenchOutcome } from './figures';
import type { LargeTree } from './node/large-tree';

/** What every benchmark gets from the runner. */
export interface BenchContext {
  repoRoot: string;
  /** Measured runs per case (after one unmeasured warm-up where it matters). */
  runs: number;
  /** BENCH_QUICK=1: tiny sizes and 2 runs, for trying the benchmarks out — never for BENCHMARKS.md figures. */
  quick: boolean;
  /** A fresh temp folder of this run, removed at the end. */
  scratch: string;
  log(line: string): void;
  /** The copy of node_modules grep and glob search (made once per run, or reused). */
  largeTree(): Promise<LargeTree>;
  /** The built bench client, its server and the browser (started once per run). */
  client(): Promise<ClientHarness>;
}

export interface BenchDefinition {
  name: string;
  /** One line for `npm run bench -- --list` and the report. */
  about: string;
  run(context: BenchContext): Promise<BenchOutcome>;
}
