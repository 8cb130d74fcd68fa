import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { buildSync } from 'esbuild';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTempDirs } from './test-support';
import { acquireWriterLock, refreshHeldLocks, SessionBusyError } from './writer-lock';
import { thisProcess } from './writer-lock-identity';
import { formatLockRecord, parseLockRecord, type LockHolder } from './writer-lock-record';

/** A process that takes the writer lock of the log named on its command line, says `held` and keeps it. */
const HOLDER = `
import { acquireWriterLock } from './writer-lock.mjs';
acquireWriterLock(process.argv[2]);
process.stdout.write('held\\n');
setInterval(() => {}, 1 << 30);
`;

/** The lock a server killed with kill -9 leaves behind, naming `holder`. */
function leaveLockOf(logPath: string, holder: LockHolder): void {
  writeFileSync(`${logPath}.lock`, formatLockRecord(holder, 'a1b2c3d4e5f60718'));
}

function busyErrorOf(take: () => unknown): unknown {
  try {
    take();
  } catch (error) {
    return error;
  }
  return undefined;
}

const tempDir = useTempDirs();
const children: ChildProcess[] = [];
let holderScript = '';

// Its own folder: the per-test temp folders are removed after each test.
const buildDir = mkdtempSync(join(tmpdir(), 'toolcards-writer-lock-'));
afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

beforeAll(() => {
  const dir = buildDir;
  buildSync({ entryPoints: [resolve(__dirname, 'writer-lock.ts')], outfile: join(dir, 'writer-lock.mjs'), bundle: true, platform: 'node', format: 'esm', logLevel: 'silent' });
  holderScript = join(dir, 'holder.mjs');
  writeFileSync(holderScript, HOLDER);
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A real other process: holding the lock of `logPath` when given one, else just running. */
async function startChild(logPath?: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, logPath ? [holderScript, logPath] : ['-e', 'setInterval(() => {}, 1 << 30); console.log("held")'], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  expect((await lines.next()).value).toBe('held');
  return child;
}

describe('a writer lock left by a killed server', () => {
  it('is taken over by a restarted server that was handed the same pid (pid 1 in a container)', async () => {
    const logPath = join(await tempDir(), 's.jsonl');
    const me = thisProcess();
    // The killed run had this pid too, but it was another run: another nonce, an earlier start.
    leaveLockOf(logPath, { ...me, processNonce: 'ffeeddccbbaa0099', startTicks: (me.startTicks ?? 100) - 50 });
    const lock = acquireWriterLock(logPath);
    expect(parseLockRecord(readFileSync(`${logPath}.lock`, 'utf8'))?.processNonce).toBe(me.processNonce);
    lock.release();
  });

  it('is taken over when it names only this pid, as earlier versions wrote it', async () => {
    const logPath = join(await tempDir(), 's.jsonl');
    writeFileSync(`${logPath}.lock`, `${process.pid} 0123456789abcdef`);
    acquireWriterLock(logPath).release();
  });

  it('is taken over when its pid now belongs to another, unrelated process (pid reuse)', async () => {
    const logPath = join(await tempDir(), 's.jsonl');
    const stranger = await startChild();
    const me = thisProcess();
    // The killed server had the stranger's pid, but started long before it.
    leaveLockOf(logPath, { ...me, pid: stranger.pid!, processNonce: 'ffeeddccbbaa0099', startTicks: 1 });
    acquireWriterLock(logPath).release();
  });

  it('is taken over when it was written before the machine rebooted', async () => {
    const logPath = join(await tempDir(), 's.jsonl');
    const stranger = await startChild();
    leaveLockOf(logPath, { ...thisProcess(), pid: stranger.pid!, processNonce: 'ffeeddccbbaa0099', bootId: '00000000-0000-4000-8000-000000000000' });
    acquireWriterLock(logPath).release();
  });

  it('from another pid namespace is refused while its heartbeat is fresh and taken over once it stops', async () => {
    const logPath = join(await tempDir(), 's.jsonl');
    leaveLockOf(logPath, { ...thisProcess(), processNonce: 'ffeeddccbbaa0099', pidNamespace: '1' });
    expect(busyErrorOf(() => acquireWriterLock(logPath))).toBeInstanceOf(SessionBusyError);
    const aMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(`${logPath}.lock`, aMinuteAgo, aMinuteAgo);
    acquireWriterLock(logPath).release();
  });
});

describe('a writer lock held by a live server', () => {
  it('is refused to another process, and taken over once that process is killed', async () => {
    const logPath = join(await tempDir(), 's.jsonl');
    const child = await startChild(logPath);
    const lockText = readFileSync(`${logPath}.lock`, 'utf8');

    const refused = busyErrorOf(() => acquireWriterLock(logPath));
    expect(refused).toBeInstanceOf(SessionBusyError);
    expect((refused as SessionBusyError).message).toContain(`pid ${child.pid}`);
    expect(readFileSync(`${logPath}.lock`, 'utf8')).toBe(lockText);

    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
    acquireWriterLock(logPath).release();
  });

  it('keeps its heartbeat fresh, so a server in another pid namespace sees it alive', async () => {
    const logPath = join(await tempDir(), 's.jsonl');
    const lock = acquireWriterLock(logPath);
    const aMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(`${logPath}.lock`, aMinuteAgo, aMinuteAgo);
    refreshHeldLocks();
    expect(Date.now() - statSync(`${logPath}.lock`).mtimeMs).toBeLessThan(10_000);
    lock.release();
  });

  it('is refused to a second writer in the same process', async () => {
    const logPath = join(await tempDir(), 's.jsonl');
    const lock = acquireWriterLock(logPath);
    const refused = busyErrorOf(() => acquireWriterLock(logPath));
    expect(refused).toBeInstanceOf(SessionBusyError);
    expect((refused as SessionBusyError).message).toContain('in this process');
    lock.release();
  });
});
