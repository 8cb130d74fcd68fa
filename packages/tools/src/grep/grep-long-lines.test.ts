import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolContext, ToolResult } from '../tool';
import { DEFAULT_TOOL_CONFIG } from '../tool-config';
import { textOf } from '../test-support/fixture-workspace';
import { createWorkspace } from '../workspace';
import { executeGrep } from './grep-search';

/**
 * ripgrep's --json ignores --max-columns, so a match on a line of many
 * megabytes arrives as one record of that size (or far more: every submatch
 * of a dense pattern is listed). Before the record cap, one 8 MB line took
 * this process to 1.4 GB and left it there.
 */

const MB = 1024 * 1024;
/** The requirement of issue 11: the server stays under this on such files. */
const RSS_LIMIT = 300 * MB;

let base: string;
let context: ToolContext;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'toolcards-long-lines-'));
  // 8 MB of "ab" before the needle: far past any preview.
  await writeFile(path.join(base, 'line-8mb.txt'), `${'ab'.repeat(4 * MB)} needle\nshort needle\n`);
  // 50 MB with the needle at the head.
  await writeFile(path.join(base, 'line-50mb.txt'), `needle ${'ab'.repeat(25 * MB)}\nshort needle\n`);
  context = { workspace: await createWorkspace(base), signal: new AbortController().signal, config: DEFAULT_TOOL_CONFIG };
}, 60_000);

afterAll(() => rm(base, { recursive: true, force: true }));

/** Runs grep while sampling this process's RSS; resolves with the result and the highest RSS seen. */
async function grepSampled(pattern: string, file: string): Promise<{ result: ToolResult; peakRss: number }> {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 5);
  try {
    const result = await executeGrep({ pattern, path: file }, context);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    return { result, peakRss };
  } finally {
    clearInterval(sampler);
  }
}

describe('grep on files with single lines of many megabytes', () => {
  it('keeps RSS under 300 MB on an 8 MB line matched four million times, and names the line\'s file when ripgrep stops at its cap', async () => {
    // Listing 4M submatches would take ripgrep itself past 1 GB of address space: it stops at its cap (grep-rg-memory.test.ts).
    const { result, peakRss } = await grepSampled('b|needle', 'line-8mb.txt');
    expect(peakRss).toBeLessThan(RSS_LIMIT);
    expect(result).toMatchObject({ isError: true, error: { code: 'SEARCH_MEMORY_LIMIT' } });
    expect(textOf(result)).toContain('in line-8mb.txt, on a line with too many matches');
  }, 60_000);

  it('reports a match far beyond the preview with its line number and says why it is not shown', async () => {
    const { result, peakRss } = await grepSampled('needle', 'line-8mb.txt');
    expect(peakRss).toBeLessThan(RSS_LIMIT);
    const text = textOf(result);
    expect(text).toMatch(/^ {2}Line 1: abab/m);
    expect(text).toContain('(1 match is on a line over 1 MiB: its preview shows the start of the line, without the match when it lies further in.)');
  }, 60_000);

  it('keeps RSS under 300 MB on a 50 MB line and highlights a match at its head', async () => {
    const { result, peakRss } = await grepSampled('needle', 'line-50mb.txt');
    expect(peakRss).toBeLessThan(RSS_LIMIT);
    expect(result.meta).toMatchObject({
      files: [
        {
          path: 'line-50mb.txt',
          matches: [
            { lineNumber: 1, ranges: [[0, 6]] },
            { lineNumber: 2, line: 'short needle', ranges: [[6, 12]] },
          ],
        },
      ],
      total: 2,
    });
  }, 60_000);
});
