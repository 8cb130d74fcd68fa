import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/** A fresh temp folder per test, removed afterwards. */
export function useTempDirs(): () => Promise<string> {
  const made: string[] = [];
  afterEach(async () => {
    await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolcards-session-'));
    made.push(dir);
    return dir;
  };
}

/**
 * Whether this process may mount a tmpfs (root, or a container that allows it).
 * Tests of a full disk need a real filesystem that runs out of space.
 */
export const canMountTmpfs: boolean = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'toolcards-tmpfs-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', dir], { stdio: 'ignore' });
    execFileSync('umount', [dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})();

export const TMPFS_SKIP_REASON = 'mounting a tmpfs is not permitted here (needs root or CAP_SYS_ADMIN); the full-disk test cannot run';

/** A fresh, really small tmpfs per test (a disk that fills up), unmounted afterwards. */
export function useSmallTmpfs(sizeBytes = 64 * 1024): () => Promise<string> {
  const mounted: string[] = [];
  afterEach(() => {
    for (const dir of mounted.splice(0)) {
      // Lazy: a descriptor a failed test left open must not keep the mount alive.
      execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolcards-tmpfs-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0700`, 'tmpfs', dir]);
    mounted.push(dir);
    return dir;
  };
}

/** Writes `path` until the filesystem is full, then gives back about `leaveBytes` (so it fills again mid-test). */
export function fillDisk(path: string, leaveBytes = 0): void {
  const fd = openSync(path, 'w');
  try {
    for (;;) writeSync(fd, Buffer.alloc(1024));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  if (leaveBytes <= 0) return;
  const again = openSync(path, 'r+');
  try {
    ftruncateSync(again, Math.max(0, statSync(path).size - leaveBytes));
  } finally {
    closeSync(again);
  }
}
