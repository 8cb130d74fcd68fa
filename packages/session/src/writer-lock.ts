import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { HEARTBEAT_INTERVAL_MS, judgeLockHolder, type ProcessSighting } from './writer-lock-holder';
import { sightProcess, thisProcess } from './writer-lock-identity';
import { formatLockRecord, parseLockRecord } from './writer-lock-record';

/**
 * One writer per session, across processes: a `<log>.lock` file naming the
 * writer's process run (writer-lock-record.ts). A lock left by a process that
 * no longer runs (killed server, even one whose pid this process now has) is
 * taken over; a live one is refused (writer-lock-holder.ts says which is which).
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
    readonly holder: 'this-process' | 'another-process' = 'another-process',
  ) {
    super(
      holder === 'this-process'
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

/** Looks a pid up; tests pass their own to stage a reused pid. */
export type ProcessSight = (pid: number) => ProcessSighting;

export function acquireWriterLock(logPath: string, sight: ProcessSight = sightProcess): WriterLock {
  const lockPath = `${logPath}.lock`;
  const token = formatLockRecord(thisProcess(), randomBytes(8).toString('hex'));
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
      const seen = readText(lockPath);
      if (seen === undefined) continue; // released meanwhile
      const holder = parseLockRecord(seen);
      const verdict = holder ? judgeLockHolder(holder, thisProcess(), sight, ageMs(lockPath)) : 'dead';
      if (holder && verdict !== 'dead') throw new SessionBusyError(logPath, holder.pid, verdict === 'this-process' ? 'this-process' : 'another-process');
      // Stale (its writer died) or unreadable: take it over, if nobody else does first.
      const outcome = takeOver(lockPath, seen, fresh, sight);
      if (outcome === 'taken') return ownedLock(lockPath, token);
      if (outcome === 'wait') sleepSync(WAIT_MS);
    }
    throw new WriterLockError(`could not lock ${logPath}: the lock kept changing hands`);
  } finally {
    rmSync(fresh, { force: true });
  }
}

/** Replaces the stale lock whose content was `stale` with `fresh`, under the takeover marker. */
function takeOver(lockPath: string, stale: string, fresh: string, sight: ProcessSight): Takeover {
  const marker = `${lockPath}.takeover`;
  if (!linkUnlessExists(fresh, marker)) return clearAbandonedMarker(marker, sight);
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
function clearAbandonedMarker(marker: string, sight: ProcessSight): Takeover {
  const seen = readText(marker);
  if (seen === undefined) return 'changed';
  // A marker is never refreshed, but it lives for microseconds: its age stands in for a heartbeat's.
  const holder = parseLockRecord(seen);
  if (holder && judgeLockHolder(holder, thisProcess(), sight, ageMs(marker)) !== 'dead') return 'wait';
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

/** Since the file was last written or refreshed; a file gone meanwhile counts as old. */
function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Locks this process holds, path → token: the heartbeat refreshes each one's mtime. */
const heldLocks = new Map<string, string>();
let heartbeat: NodeJS.Timeout | undefined;

function ownedLock(lockPath: string, token: string): WriterLock {
  let released = false;
  heldLocks.set(lockPath, token);
  heartbeat ??= setInterval(refreshHeldLocks, HEARTBEAT_INTERVAL_MS).unref();
  return {
    release() {
      if (released) return;
      released = true;
      if (heldLocks.get(lockPath) === token) heldLocks.delete(lockPath);
      if (heldLocks.size === 0 && heartbeat) {
        clearInterval(heartbeat);
        heartbeat = undefined;
      }
      // Only our own lock: never remove one that someone else holds.
      if (readText(lockPath) === token) rmSync(lockPath, { force: true });
    },
  };
}

/** A process in another pid namespace cannot look our pid up: a fresh mtime tells it we still run. */
export function refreshHeldLocks(): void {
  const now = new Date();
  for (const [lockPath, token] of heldLocks) {
    try {
      if (readText(lockPath) === token) utimesSync(lockPath, now, now);
    } catch {
      // Disk trouble: the next beat tries again, and the lock itself is unchanged.
    }
  }
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

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
