import { readdir, rm } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { executeGlob } from '../glob/glob-search';
import { executeGrep } from '../grep/grep-search';
import { buildFixtureWorkspace, FIXTURE, textOf, type FixtureWorkspace } from '../test-support/fixture-workspace';
import { beginRecord, endRecord, matchRecord, SUMMARY_RECORD } from '../test-support/rg-records';
import type { RipgrepOutcome, RipgrepRun } from './rg-runner';

/**
 * How grep and glob map every runner outcome, with the runner replaced: a
 * partial failure (unreadable files) cannot be staged for real when the tests run as root.
 */
const scripted = vi.hoisted(() => ({
  records: [] as string[],
  outcome: undefined as unknown,
  /** Outcomes of the first runs, in order; `outcome` once they are used up. */
  firstOutcomes: [] as unknown[],
  argvs: [] as (readonly string[])[],
}));
vi.mock('./rg-runner', () => ({
  runRipgrep: async (run: RipgrepRun): Promise<RipgrepOutcome> => {
    scripted.argvs.push(run.args);
    for (const record of scripted.records) {
      const buffer = Buffer.from(record);
      run.onRecord(buffer, 0, buffer.length);
    }
    return (scripted.firstOutcomes.shift() ?? scripted.outcome) as RipgrepOutcome;
  },
}));

let fixture: FixtureWorkspace;
beforeAll(async () => {
  fixture = await buildFixtureWorkspace();
});
afterAll(() => fixture.cleanup());
beforeEach(async () => {
  await rm(fixture.spillDir, { recursive: true, force: true });
  scripted.records = [];
  scripted.outcome = { kind: 'exited', exitCode: 0, stderr: '' };
  scripted.firstOutcomes = [];
  scripted.argvs = [];
});

const manyMatches = (count: number) => [
  beginRecord('./a.ts'),
  ...Array.from({ length: count }, (_, index) => matchRecord('./a.ts', index + 1, 'needle\n', 'needle')),
  SUMMARY_RECORD,
];

describe.each([
  ['grep', () => executeGrep({ pattern: 'needle' }, fixture.context({ grepMaxMatches: 1 }))],
  ['glob', () => executeGlob({ pattern: '*' }, fixture.context({ globMaxResults: 1 }))],
] as const)('%s', (tool, run) => {
  const records = () => (tool === 'grep' ? manyMatches(3) : ['a.ts', 'b.ts', 'c.ts']);

  it.each<[RipgrepOutcome, string, RegExp]>([
    [{ kind: 'timeout' }, 'SEARCH_TIMEOUT', /stopped after 30 s/],
    [{ kind: 'aborted' }, 'SEARCH_ABORTED', /cancelled/],
    [{ kind: 'failed', message: 'Could not start ripgrep: ENOENT' }, 'SEARCH_FAILED', /ENOENT/],
    [{ kind: 'exited', exitCode: null, stderr: 'killed' }, 'SEARCH_FAILED', /exit null/],
    [{ kind: 'exited', exitCode: 3, stderr: '' }, 'SEARCH_FAILED', /exit 3/],
  ])('maps %j to an error and removes the partial spill', async (outcome, code, message) => {
    scripted.records = records();
    scripted.outcome = outcome;
    const result = await run();
    expect(result).toMatchObject({ isError: true, error: { code } });
    expect(result.error?.message).toMatch(message);
    expect(result).not.toHaveProperty('meta');
    expect(await readdir(fixture.spillDir).catch(() => [])).toEqual([]);
  });

  it('keeps the results of a search that met unreadable files, with a note', async () => {
    scripted.records = records();
    scripted.outcome = { kind: 'exited', exitCode: 2, stderr: 'rg: ./locked: Permission denied (os error 13)\nrg: ./other: Permission denied\n' };
    const result = await run();
    expect(result.isError).toBe(false);
    expect(textOf(result).split('\n').at(-1)).toBe('(Some files could not be searched: rg: ./locked: Permission denied (os error 13) (and 1 more))');
  });

  it('reports a start failure that is not about the pattern as SEARCH_FAILED', async () => {
    scripted.outcome = { kind: 'exited', exitCode: 2, stderr: 'rg: some I/O problem\n' };
    const result = await run();
    expect(result.error?.code).toBe('SEARCH_FAILED');
    expect(result.error?.message).toContain('some I/O problem');
  });
});

describe('grep at ripgrep\'s memory cap', () => {
  const outOfMemory: RipgrepOutcome = { kind: 'out-of-memory' };
  const stepFlags = () => scripted.argvs.map((argv) => argv.filter((arg) => ['--threads=1', '--mmap', '--line-buffered'].includes(arg)));
  const grep = (path?: string) => executeGrep({ pattern: 'needle', ...(path === undefined ? {} : { path }) }, fixture.context({ grepMaxMatches: 1 }));

  it('searches a folder again streaming, keeping only the second run\'s spill', async () => {
    scripted.records = manyMatches(3);
    scripted.firstOutcomes = [outOfMemory];
    const result = await grep();
    expect(result.isError).toBe(false);
    expect(textOf(result).split('\n')[0]).toBe('Found 1 of 3 matches');
    expect(stepFlags()).toEqual([[], ['--threads=1', '--mmap']]);
    expect(await readdir(fixture.spillDir)).toHaveLength(1);
  });

  it('names the file it stopped in and keeps what it found before, once flushing each record did not help either', async () => {
    scripted.records = [beginRecord('./done.ts'), matchRecord('./done.ts', 4, 'a needle\n', 'needle'), endRecord('./done.ts'), beginRecord('./dense.min.js')];
    scripted.outcome = outOfMemory;
    const result = await grep();
    expect(stepFlags()).toEqual([[], ['--threads=1', '--mmap'], ['--threads=1', '--mmap', '--line-buffered']]);
    expect(result).toMatchObject({ isError: true, error: { code: 'SEARCH_MEMORY_LIMIT' } });
    expect(result).not.toHaveProperty('meta');
    const message = result.error!.message;
    expect(message).toMatch(/^grep stopped: ripgrep reached its memory limit \(256 MB\) in dense\.min\.js, on a line with too many matches/);
    expect(message).toContain('leave the file out with include "!dense.min.js"');
    expect(message).toContain('Found before it stopped (files it had not reached are missing):\nFound 1 match\ndone.ts:\n  Line 4: a needle');
    expect(textOf(result)).toBe(message);
  });

  it('retries a single file once, flushing each record, and names it', async () => {
    scripted.outcome = outOfMemory;
    scripted.records = [beginRecord('crlf.txt')];
    const result = await grep(FIXTURE.crlf);
    expect(stepFlags()).toEqual([[], ['--threads=1', '--mmap', '--line-buffered']]);
    expect(result.error?.message).toMatch(/reached its memory limit \(256 MB\) in crlf\.txt,/);
    expect(result.error?.message).not.toContain('Found before');
    expect(await readdir(fixture.spillDir).catch(() => [])).toEqual([]);
  });
});

describe('glob at ripgrep\'s memory cap', () => {
  it('says so with its own code', async () => {
    scripted.outcome = { kind: 'out-of-memory' };
    const result = await executeGlob({ pattern: '*' }, fixture.context());
    expect(result.error).toEqual({ code: 'SEARCH_MEMORY_LIMIT', message: 'glob stopped: ripgrep ran out of memory. Narrow the path, the pattern or the glob.' });
  });
});
