import { randomBytes } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import type { ProcessSighting } from './writer-lock-holder';
import type { LockHolder } from './writer-lock-record';

let self: LockHolder | undefined;
/**
 * Whether /proc numbers processes as this process does. A process in a pid
 * namespace of its own whose /proc was not mounted again sees the host's
 * processes there: another process's start time under the same number would
 * pass a live holder for a dead one, so start times are then not used at all.
 */
let procIsOurs = false;

/** This process as a lock record names it; read once (none of it changes while it runs). */
export function thisProcess(): LockHolder {
  if (self) return self;
  const identity: LockHolder = { pid: process.pid, processNonce: randomBytes(8).toString('hex') };
  const stat = readOrUndefined(() => readFileSync('/proc/self/stat', 'utf8'));
  procIsOurs = stat !== undefined && Number.parseInt(stat, 10) === process.pid;
  const startTicks = procIsOurs && stat !== undefined ? startTicksFromStat(statFieldsAfterName(stat)) : undefined;
  if (startTicks !== undefined) identity.startTicks = startTicks;
  const bootId = readOrUndefined(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());
  if (bootId) identity.bootId = bootId;
  // `pid:[4026531836]`: the digits name the namespace.
  const namespace = readOrUndefined(() => /\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/pid'))?.[1]);
  if (namespace) identity.pidNamespace = namespace;
  self = identity;
  return identity;
}

/** Looks a pid up in this pid namespace: signal 0 says whether it exists, /proc when it started. */
export function sightProcess(pid: number): ProcessSighting {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return { state: 'gone' };
  }
  thisProcess();
  const stat = procIsOurs ? readOrUndefined(() => readFileSync(`/proc/${pid}/stat`, 'utf8')) : undefined;
  if (stat === undefined) return { state: 'running' };
  const fields = statFieldsAfterName(stat);
  // A zombie has died; only its exit status waits to be collected.
  if (fields[0] === 'Z' || fields[0] === 'X') return { state: 'gone' };
  const startTicks = startTicksFromStat(fields);
  return startTicks === undefined ? { state: 'running' } : { state: 'running', startTicks };
}

/** Fields 3 onwards of /proc/<pid>/stat: field 2, the name, is in parentheses and may hold spaces or `)`. */
function statFieldsAfterName(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 1).trim().split(' ');
}

/** Field 22, starttime: index 19 of the fields after the name. */
function startTicksFromStat(fields: string[]): number | undefined {
  const value = fields[19];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

function readOrUndefined<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
