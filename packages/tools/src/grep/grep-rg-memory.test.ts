import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolContext } from '../tool';
import { DEFAULT_TOOL_CONFIG } from '../tool-config';
import { createWorkspace } from '../workspace';
import { GREP_MEMORY_LIMIT_BYTES } from './grep-memory-limit';
import { executeGrep } from './grep-search';

/**
 * ripgrep's own memory on a line matched millions of times. Its --json lists
 * every match of a line and ignores --max-columns: on this 50 MB line
 * (`needle ` then "ab" 25M times, pattern `b|needle`) ripgrep passed 2 GB and
 * was still going when the 30 s timeout killed it.
 */

const MB = 1024 * 1024;
/** The heap cap, plus the file's pages ripgrep maps (50 MB) and its own code. */
const RG_PEAK_LIMIT = GREP_MEMORY_LIMIT_BYTES + 50 * MB + 32 * MB;

let base: string;
let context: ToolContext;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'toolcards-rg-memory-'));
  await mkdir(path.join(base, 'dense'));
  await writeFile(path.join(base, 'dense', 'line-50mb.txt'), `needle ${'ab'.repeat(25 * MB)}\nshort needle\n`);
  await writeFile(path.join(base, 'dense', 'small.txt'), 'needle\n');
  context = { workspace: await createWorkspace(base), signal: new AbortController().signal, config: DEFAULT_TOOL_CONFIG };
}, 60_000);

afterAll(() => rm(base, { recursive: true, force: true }));

/** The highest VmHWM of any `rg` below this process (ripgrep in its sandbox is a grandchild), sampled every 5 ms. */
function sampleRipgrepPeaks(): () => { peakBytes: number; processes: number } {
  const peaks = new Map<number, number>();
  const childrenOf = (pid: number): string[] => {
    const found: string[] = [];
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      return found;
    }
    for (const task of tasks) {
      try {
        found.push(...readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter((word) => word !== ''));
      } catch {
        // Exited meanwhile.
      }
    }
    return found;
  };
  const sample = (): void => {
    const pending = childrenOf(process.pid);
    for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
      pending.push(...childrenOf(Number(pid)));
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        // Started through sh and bwrap, which exec or fork ripgrep: only the ripgrep image counts.
        if (!/^Name:\s+rg$/m.test(status)) continue;
        const hwm = Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
        peaks.set(Number(pid), Math.max(peaks.get(Number(pid)) ?? 0, hwm));
      } catch {
        // Exited between the listing and the read.
      }
    }
  };
  const timer = setInterval(sample, 5);
  return () => {
    clearInterval(timer);
    return { peakBytes: Math.max(0, ...peaks.values()), processes: peaks.size };
  };
}

// SEARCH_MEMORY_LIMIT, not SEARCH_TIMEOUT: the cap ends the search, not the 30 s timeout (which
// the test's 20 s timeout would not even let it reach). How soon it ends is not asserted.
describe.runIf(process.platform === 'linux')('ripgrep on a 50 MB line matched 25 million times', () => {
  it.each([
    ['the file', 'dense/line-50mb.txt'],
    ['its folder', 'dense'],
  ])('stays under its memory cap and stops with SEARCH_MEMORY_LIMIT naming the file, searching %s', async (_, searched) => {
    const stop = sampleRipgrepPeaks();
    const result = await executeGrep({ pattern: 'b|needle', path: searched }, context);
    const { peakBytes, processes } = stop();

    expect(processes).toBeGreaterThan(0);
    expect(peakBytes).toBeLessThan(RG_PEAK_LIMIT);
    expect(result).toMatchObject({ isError: true, error: { code: 'SEARCH_MEMORY_LIMIT' } });
    expect(result.error?.message).toContain('reached its memory limit (256 MB) in dense/line-50mb.txt, on a line with too many matches');
    expect(result.error?.message).toContain('include "!line-50mb.txt"');
  }, 20_000);
});
