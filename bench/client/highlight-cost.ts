import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface HighlightCost {
  /** The first 25 lines (the visible rows) in a fresh process: grammar load and regex compile included. */
  firstChunkMs: number;
  /** All 2,000 lines in that fresh process. */
  coldWindowMs: number;
  /** All 2,000 lines again, everything compiled. */
  warmWindowMs: number;
}

/** One fresh Node process per sample, so every "cold" figure really starts cold. */
export async function measureHighlightCost(repoRoot: string): Promise<HighlightCost> {
  const child = path.join(repoRoot, 'bench/client/highlight-cost-child.ts');
  const { stdout } = await run(process.execPath, ['--import', 'tsx', child], { cwd: repoRoot, timeout: 120_000 });
  return JSON.parse(stdout) as HighlightCost;
}
