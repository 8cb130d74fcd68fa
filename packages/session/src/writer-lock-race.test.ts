import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempDirs } from './test-support';
import { acquireWriterLock } from './writer-lock';

/** Source of the lock under test; WRITER_LOCK_SOURCE lets the race run against another version. */
const LOCK_SOURCE = process.env.WRITER_LOCK_SOURCE ?? resolve(__dirname, 'writer-lock.ts');
const RACERS = 8;
const ROUNDS = 60;
/** No process has this pid (Linux pids stop at 2^22): the lock it "holds" is stale. */
const DEAD_PID = 2147483646;

/**
 * One racer process: for each `round <path> <startAt>` line on stdin it spins
 * until the start time (so all racers hit the lock together), tries to take the
 * writer lock and answers `won` or `busy`. It never releases: a winner stays a
 * live holder, so a second winner in the same round is a real double writer.
 */
const RACER = `
import { createInterface } from 'node:readline';
import { acquireWriterLock, SessionBusyError } from './writer-lock.mjs';
for await (const line of createInterface({ input: process.stdin })) {
  const [, round, path, startAt] = line.split(' ');
  while (Date.now() < Number(startAt)) {}
  let verdict;
  try {
    acquireWriterLock(path);
    verdict = 'won';
  } catch (error) {
    verdict = error instanceof SessionBusyError ? 'busy' : 'error:' + error.message;
  }
  process.stdout.write(round + ' ' + verdict + '\\n');
}
`;

interface Racer {
  child: ChildProcess;
  answers: AsyncIterator<string>;
}

describe('writer lock takeover, raced by real processes', () => {
  const tempDir = useTempDirs();
  const racers: Racer[] = [];

  beforeAll(async () => {
    const dir = await tempDir();
    buildSync({ entryPoints: [LOCK_SOURCE], outfile: join(dir, 'writer-lock.mjs'), bundle: true, platform: 'node', format: 'esm', logLevel: 'silent' });
    writeFileSync(join(dir, 'racer.mjs'), RACER);
    for (let index = 0; index < RACERS; index += 1) {
      const child = spawn(process.execPath, [join(dir, 'racer.mjs')], { stdio: ['pipe', 'pipe', 'inherit'] });
      racers.push({ child, answers: createInterface({ input: child.stdout! })[Symbol.asyncIterator]() });
    }
  });

  afterAll(() => {
    for (const { child } of racers) child.kill();
  });

  it(`lets exactly one of ${RACERS} processes take over the same stale lock, in each of ${ROUNDS} rounds`, async () => {
    const dir = await tempDir();
    const winnersPerRound: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const logPath = join(dir, `round-${round}.jsonl`);
      writeFileSync(`${logPath}.lock`, String(DEAD_PID));
      const startAt = Date.now() + 30;
      for (const { child } of racers) child.stdin!.write(`round ${round} ${logPath} ${startAt}\n`);
      const verdicts = await Promise.all(racers.map(async ({ answers }) => (await answers.next()).value as string));
      expect(verdicts.filter((verdict) => verdict.includes('error'))).toEqual([]);
      winnersPerRound.push(verdicts.filter((verdict) => verdict.endsWith(' won')).length);
    }
    console.log(`writer lock race: winners per round ${winnersPerRound.join(',')}`);
    expect(winnersPerRound).toEqual(Array.from({ length: ROUNDS }, () => 1));
  }, 60_000);

  it('gets past a takeover marker left by a process that died mid-takeover', async () => {
    const dir = await tempDir();
    const logPath = join(dir, 's.jsonl');
    writeFileSync(`${logPath}.lock`, String(DEAD_PID));
    writeFileSync(`${logPath}.lock.takeover`, `${DEAD_PID} 00`);
    const lock = acquireWriterLock(logPath);
    expect(readdirSync(dir)).toEqual(['s.jsonl.lock']);
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });
});
