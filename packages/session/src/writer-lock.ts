import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/**
 * One writer per session, across processes: a `<log>.lock` file holding the
 * writer's pid, created exclusively. A lock left by a process that no longer
 * runs (killed server) is taken over; a live one is refused.
 */
export class SessionBusyError extends Error {
  override readonly name = 'SessionBusyError';
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

export interface WriterLock {
  release(): void;
}

export function acquireWriterLock(logPath: string, isRunning: (pid: number) => boolean = processIsRunning): WriterLock {
  const lockPath = `${logPath}.lock`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLockPid(lockPath);
    if (holder !== undefined && (holder === process.pid || isRunning(holder))) throw new SessionBusyError(logPath, holder);
    // Stale (its writer died) or unreadable (torn while being created): take it over.
    rmSync(lockPath, { force: true });
  }
  throw new Error(`could not lock ${logPath}: the lock file keeps reappearing`);
}

function readLockPid(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
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
