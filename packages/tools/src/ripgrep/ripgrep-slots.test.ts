import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeGlob } from '../glob/glob-search';
import { executeGrep } from '../grep/grep-search';
import { runningRipgreps } from '../test-support/ripgrep-processes';
import { until } from '../test-support/until';
import type { ToolConfig, ToolContext } from '../tool';
import { DEFAULT_TOOL_CONFIG } from '../tool-config';
import { createWorkspace } from '../workspace';
import { ripgrepSlots } from './ripgrep-slots';

/** Keeps ripgrep busy for many seconds on RUN_OF_A (it compiles under the size limit). */
const SLOW = { pattern: 'a{50000}', path: 'run-of-a.txt' };

let base: string;
let workspace: Awaited<ReturnType<typeof createWorkspace>>;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'toolcards-slots-'));
  await writeFile(path.join(base, 'run-of-a.txt'), `${'a'.repeat(300_000)}\n`);
  await writeFile(path.join(base, 'notes.txt'), 'a needle\n');
  workspace = await createWorkspace(base);
});
afterAll(() => rm(base, { recursive: true, force: true }));

function context(config: Partial<ToolConfig>, signal = new AbortController().signal): ToolContext {
  return { workspace, signal, config: { ...DEFAULT_TOOL_CONFIG, ...config } };
}

describe('ripgrep processes per server', () => {
  it('never runs more than the configured number at once; the rest wait and then run', async () => {
    let most = 0;
    const sampler = setInterval(() => {
      most = Math.max(most, runningRipgreps());
    }, 20);
    try {
      const slow = Array.from({ length: 6 }, () => executeGrep(SLOW, context({ ripgrepMaxRunning: 2, grepTimeoutMs: 700 })));
      const quick = executeGlob({ pattern: '*.txt' }, context({ ripgrepMaxRunning: 2 }));
      const results = await Promise.all(slow);
      expect(results.map((result) => result.error?.code)).toEqual(Array(6).fill('SEARCH_TIMEOUT'));
      expect((await quick).isError).toBe(false);
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
  }, 30_000);

  it('lets a call cancelled while waiting leave at once, without ever starting ripgrep', async () => {
    const running = executeGrep(SLOW, context({ ripgrepMaxRunning: 1, grepTimeoutMs: 3000 }));
    await until(() => runningRipgreps() === 1);
    const controller = new AbortController();
    const waiting = executeGrep({ pattern: 'needle' }, context({ ripgrepMaxRunning: 1 }, controller.signal));
    await until(() => ripgrepSlots.queued === 1);
    controller.abort();
    const first = await Promise.race([waiting.then(() => 'cancelled call'), running.then(() => 'running call')]);
    expect(first).toBe('cancelled call');
    expect((await waiting).error?.code).toBe('SEARCH_ABORTED');
    expect(runningRipgreps()).toBe(1);
    expect((await running).error?.code).toBe('SEARCH_TIMEOUT');
  }, 30_000);
});
