import type { LockHolder } from './writer-lock-record';

/** Who holds a writer lock, as far as this process can tell. */
export type HolderVerdict = 'this-process' | 'alive' | 'dead';

/** What this process sees of a pid in its own namespace. */
export type ProcessSighting = { state: 'gone' } | { state: 'running'; startTicks?: number };

/**
 * A lock from another pid namespace (another container, or this container
 * before it was restarted) names a pid this process cannot look up: its holder
 * refreshes the lock's mtime every few seconds, and a lock not refreshed for
 * this long is taken to be abandoned.
 */
export const HEARTBEAT_INTERVAL_MS = 2_000;
export const HEARTBEAT_STALE_MS = 15_000;

/**
 * Decides from a lock's record whether its writer still runs. Pure: `sight`
 * looks a pid up (signal 0, /proc), `heartbeatAgeMs` is how long ago the lock
 * file was last refreshed.
 *
 * - the same process nonce is this very process (a second writer here is refused);
 * - a record from another boot is dead;
 * - a record from another pid namespace is alive while its heartbeat is fresh;
 * - in this namespace, this process's own pid under another nonce is a dead
 *   predecessor (only one process has a pid at a time), a pid that is gone or
 *   a zombie is dead, and a running pid that started at another time is a
 *   reused pid: dead. Otherwise it is alive.
 */
export function judgeLockHolder(
  holder: LockHolder,
  self: LockHolder,
  sight: (pid: number) => ProcessSighting,
  heartbeatAgeMs: number,
): HolderVerdict {
  if (holder.processNonce !== undefined && holder.processNonce === self.processNonce) return 'this-process';
  if (holder.bootId !== undefined && self.bootId !== undefined && holder.bootId !== self.bootId) return 'dead';
  if (holder.pidNamespace !== undefined && self.pidNamespace !== undefined && holder.pidNamespace !== self.pidNamespace) {
    return heartbeatAgeMs < HEARTBEAT_STALE_MS ? 'alive' : 'dead';
  }
  if (holder.pid === self.pid) return 'dead';
  const seen = sight(holder.pid);
  switch (seen.state) {
    case 'gone':
      return 'dead';
    case 'running':
      if (holder.startTicks !== undefined && seen.startTicks !== undefined && holder.startTicks !== seen.startTicks) return 'dead';
      return 'alive';
  }
}
