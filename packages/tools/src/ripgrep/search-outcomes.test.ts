import { readdir, rm } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { executeGlob } from '../glob/glob-search';
import { executeGrep } from '../grep/grep-search';
import { buildFixtureWorkspace, textOf, type FixtureWorkspace } from '../test-support/fixture-workspace';
import { beginRecord, matchRecord, SUMMARY_RECORD } from '../test-support/rg-records';
import type { RipgrepOutcome, RipgrepRun } from './rg-runner';

/**
 * How grep and glob map every runner outcome, with the runner replaced: a
 * partial failure (unreadable files) cannot be staged for real when the tests run as root.
 */
const scripted = vi.hoisted(() => ({ records: [] as string[], outcome: undefined as unknown }));
vi.mock('./rg-runner', () => ({
  runRipgrep: async (run: RipgrepRun): Promise<RipgrepOutcome> => {
    for (const record of scripted.records) {
      const buffer = Buffer.from(record);
      run.onRecord(buffer, 0, buffer.length);
    }
    return scripted.outcome as RipgrepOutcome;
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
