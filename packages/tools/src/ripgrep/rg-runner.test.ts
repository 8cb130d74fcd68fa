import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkfifo } from '../test-support/mkfifo';
import { runningRipgreps } from '../test-support/ripgrep-processes';
import { until } from '../test-support/until';
import { runRipgrep, type RipgrepRun } from './rg-runner';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'toolcards-rg-'));
  await writeFile(path.join(dir, 'a.txt'), 'alpha\nbeta\n');
  await mkfifo(path.join(dir, 'pipe'));
  // 1M matches of `b` on one line: ripgrep's --json lists them all, some 270 MB of address space.
  await writeFile(path.join(dir, 'dense.txt'), `${'ab'.repeat(1024 * 1024)}\n`);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function run(args: string[], overrides: Partial<RipgrepRun> = {}) {
  const records: string[] = [];
  const outcome = runRipgrep({
    args,
    cwd: dir,
    signal: new AbortController().signal,
    timeoutMs: 10_000,
    separator: 0x0a,
    onRecord: (buffer, start, end) => records.push(buffer.toString('utf8', start, end)),
    ...overrides,
  });
  return { outcome, records };
}

describe('runRipgrep', () => {
  it('streams records and reports the exit code', async () => {
    const { outcome, records } = run(['--no-config', '--regexp=a', '--', '.']);
    expect(await outcome).toEqual({ kind: 'exited', exitCode: 0, stderr: '' });
    expect(records.sort()).toEqual(['./a.txt:alpha', './a.txt:beta']);
  });

  it('reports exit 1 for no match and exit 2 with stderr for a bad regex', async () => {
    expect(await run(['--no-config', '--regexp=zzz', '--', '.']).outcome).toMatchObject({ kind: 'exited', exitCode: 1 });
    const bad = await run(['--no-config', '--regexp=(', '--', '.']).outcome;
    expect(bad).toMatchObject({ kind: 'exited', exitCode: 2 });
    expect(bad.kind === 'exited' && bad.stderr).toMatch(/regex parse error/);
  });

  it('never waits on standard input', async () => {
    // Without a path ripgrep would search stdin; with stdin ignored it searches the cwd and ends.
    const { outcome } = run(['--no-config', '--regexp=alpha'], { timeoutMs: 5000 });
    expect(await outcome).toMatchObject({ kind: 'exited' });
  });

  it('kills ripgrep on timeout', async () => {
    const { outcome } = run(['--no-config', '--regexp=x', '--', 'pipe'], { timeoutMs: 200 });
    expect(await outcome).toEqual({ kind: 'timeout' });
  });

  it('kills ripgrep on abort, and does not start when already aborted', async () => {
    const controller = new AbortController();
    const { outcome } = run(['--no-config', '--regexp=x', '--', 'pipe'], { signal: controller.signal });
    // ripgrep blocks on the FIFO for ever: only the abort can end it.
    await until(() => runningRipgreps() === 1, 'ripgrep to start');
    controller.abort();
    expect(await outcome).toEqual({ kind: 'aborted' });
    expect(runningRipgreps()).toBe(0);
    expect(await run(['--version'], { signal: controller.signal }).outcome).toEqual({ kind: 'aborted' });
  });

  it('stops and fails when reading a record throws', async () => {
    const { outcome } = run(['--no-config', '--regexp=a', '--', '.'], {
      onRecord: () => {
        throw new Error('boom');
      },
    });
    expect(await outcome).toEqual({ kind: 'failed', message: "Reading ripgrep's output failed: boom" });
  });

  // Reaching the cap ends the run at once: as out-of-memory, not as the 10 s timeout `run` sets.
  it.runIf(process.platform === 'linux')('ends as out-of-memory when ripgrep reaches its memory cap', async () => {
    const { outcome, records } = run(['--no-config', '--json', '--regexp=b', '--', 'dense.txt'], { memoryLimitBytes: 64 * 1024 * 1024 });
    expect(await outcome).toEqual({ kind: 'out-of-memory' });
    expect(records).toEqual([]);
    // The file itself is fine: counting its matches lists none and fits.
    expect(await run(['--no-config', '--count-matches', '--regexp=b', '--', 'dense.txt']).outcome).toMatchObject({ kind: 'exited', exitCode: 0 });
  });

  it('passes every argument through the capped start untouched', async () => {
    const hostile = '$(touch pwned) `touch pwned` "$@" ; touch pwned';
    await writeFile(path.join(dir, 'hostile.txt'), `${hostile}\n`);
    const { outcome, records } = run(['--no-config', '--fixed-strings', `--regexp=${hostile}`, '--', 'hostile.txt'], { memoryLimitBytes: 64 * 1024 * 1024 });
    expect(await outcome).toEqual({ kind: 'exited', exitCode: 0, stderr: '' });
    expect(records).toEqual([hostile]);
    await expect(access(path.join(dir, 'pwned'))).rejects.toThrow();
  });

  it('fails cleanly when it cannot start in the given folder', async () => {
    const outcome = await run(['--version'], { cwd: path.join(dir, 'missing') }).outcome;
    expect(outcome.kind).toBe('failed');
  });
});
