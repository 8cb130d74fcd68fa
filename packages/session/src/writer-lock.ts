import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * One writer per session, across processes: a `<log>.lock` file holding the
 * writer's pid and a random nonce. A lock left by a process that no longer
 * runs (killed server) is taken over; a live one is refused.
 *
 * Every step is atomic on a local filesystem:
 * - the lock file is written in full under a private name, then hard-linked to
 *   `<log>.lock` (link fails if the name exists), so nobody ever sees an empty
 *   or half-written lock, and a disk too full to write it leaves nothing behind;
 * - a stale lock is replaced (rename over it) only by the one process holding
 *   `<log>.lock.takeover`, itself created by link, and only after re-reading the
 *   lock under that marker: two processes that both found the same dead pid
 *   cannot both take over.
 */
export class SessionBusyError extends Error {
  override readonly name = 'SessionBusyError';
  readonly code = 'SESSION_BUSY';
  constructor(
    readonly logPath: string,
    readonly pid: number,
  ) {
    super(
      pid === process.pid
        ? `session log ${logPath} already has a writer in this process`
        : `session log ${logPath} is being written by another toolcards process (pid ${pid}); stop it first`,
    );
  }
}

export class WriterLockError extends Error {
  override readonly name = 'WriterLockError';
  readonly code = 'LOCK_FAILED';
}

export interface WriterLock {
  release(): void;
}

/** Attempts before giving up; each waits a few ms when a takeover is in progress elsewhere. */
const MAX_ATTEMPTS = 400;
const WAIT_MS = 5;

type Takeover = 'taken' | 'changed' | 'wait';

export function acquireWriterLock(logPath: string, isRunning: (pid: number) => boolean = processIsRunning): WriterLock {
  const lockPath = `${logPath}.lock`;
  const token = `${process.pid} ${randomBytes(8).toString('hex')}`;
  const fresh = `${lockPath}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(fresh, token, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    rmSync(fresh, { force: true });
    throw new WriterLockError(`could not lock ${logPath}: ${(error as Error).message}`, { cause: error });
  }
  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      if (linkUnlessExists(fresh, lockPath)) return ownedLock(lockPath, token);
      const held = readText(lockPath);
      if (held === undefined) continue; // released meanwhile
      const holder = pidOf(held);
      if (holder !== undefined && (holder === process.pid || isRunning(holder))) throw new SessionBusyError(logPath, holder);
      // Stale (its writer died) or unreadable: take it over, if nobody else does first.
      const outcome = takeOver(lockPath, held, fresh, isRunning);
      if (outcome === 'taken') return ownedLock(lockPath, token);
      if (outcome === 'wait') sleepSync(WAIT_MS);
    }
    throw new WriterLockError(`could not lock ${logPath}: the lock kept changing hands`);
  } finally {
    rmSync(fresh, { force: true });
  }
}

/** Replaces the stale lock whose content was `stale` with `fresh`, under the takeover marker. */
function takeOver(lockPath: string, stale: string, fresh: string, isRunning: (pid: number) => boolean): Takeover {
  const marker = `${lockPath}.takeover`;
  if (!linkUnlessExists(fresh, marker)) return clearAbandonedMarker(marker, isRunning);
  try {
    // Re-read under the marker: another process may have taken over since we looked.
    if (readText(lockPath) !== stale) return 'changed';
    renameSync(fresh, lockPath);
    return 'taken';
  } finally {
    rmSync(marker, { force: true });
  }
}

/**
 * A marker whose process died between creating and removing it (a window of
 * microseconds) would block every takeover: move it aside and check that what
 * was moved is the dead one; a live marker moved by mistake is put back.
 */
function clearAbandonedMarker(marker: string, isRunning: (pid: number) => boolean): Takeover {
  const seen = readText(marker);
  if (seen === undefined) return 'changed';
  const pid = pidOf(seen);
  if (pid !== undefined && (pid === process.pid || isRunning(pid))) return 'wait';
  const aside = `${marker}.${randomBytes(6).toString('hex')}.old`;
  try {
    renameSync(marker, aside);
  } catch {
    return 'changed';
  }
  if (readText(aside) !== seen) linkUnlessExists(aside, marker);
  rmSync(aside, { force: true });
  return 'changed';
}

function ownedLock(lockPath: string, token: string): WriterLock {
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      // Only our own lock: never remove one that someone else holds.
      if (readText(lockPath) === token) rmSync(lockPath, { force: true });
    },
  };
}

function linkUnlessExists(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    // Unreadable for another reason: treat as content no writer would leave.
    return '';
  }
}

function pidOf(text: string): number | undefined {
  const pid = Number.parseInt(text.trim(), 10);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
