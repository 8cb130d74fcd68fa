/**
 * The text of a writer lock file and what it says about the process that wrote
 * it. One line, the pid first (what every earlier version wrote and reads):
 *
 *   `<pid> <lock nonce> process=<nonce> start=<ticks> boot=<boot id> pidns=<namespace>`
 *
 * A pid alone cannot tell a live holder from a dead one: a restarted server is
 * often handed its killed predecessor's pid (pid 1 in a container, pid reuse),
 * so the record also names the process run (a random nonce), when it started
 * (clock ticks since boot, /proc/<pid>/stat field 22), the boot, and the pid
 * namespace the pid belongs to. Older locks (`<pid>` or `<pid> <nonce>`) parse
 * with those fields missing.
 */
export interface LockHolder {
  pid: number;
  /** Random per process run: "this process" means this nonce, never merely this pid. */
  processNonce?: string;
  /** Clock ticks since boot at which the process started: a reused pid has another. */
  startTicks?: number;
  /** /proc/sys/kernel/random/boot_id: every process of an earlier boot is dead. */
  bootId?: string;
  /** /proc/self/ns/pid: a pid means something only inside its own namespace. */
  pidNamespace?: string;
}

/** The text one lock file holds; `lockNonce` makes each acquisition's text its own. */
export function formatLockRecord(holder: LockHolder, lockNonce: string): string {
  const fields = [String(holder.pid), lockNonce];
  if (holder.processNonce !== undefined) fields.push(`process=${holder.processNonce}`);
  if (holder.startTicks !== undefined) fields.push(`start=${holder.startTicks}`);
  if (holder.bootId !== undefined) fields.push(`boot=${holder.bootId}`);
  if (holder.pidNamespace !== undefined) fields.push(`pidns=${holder.pidNamespace}`);
  return fields.join(' ');
}

/** undefined for text no writer leaves (empty, unreadable, no pid): such a lock is abandoned. */
export function parseLockRecord(text: string): LockHolder | undefined {
  const [first, , ...rest] = text.trim().split(/\s+/);
  const pid = /^\d+$/.test(first ?? '') ? Number(first) : NaN;
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  const holder: LockHolder = { pid };
  for (const field of rest) {
    const equals = field.indexOf('=');
    if (equals <= 0) continue;
    const value = field.slice(equals + 1);
    if (value === '') continue;
    switch (field.slice(0, equals)) {
      case 'process':
        holder.processNonce = value;
        break;
      case 'start':
        if (/^\d+$/.test(value)) holder.startTicks = Number(value);
        break;
      case 'boot':
        holder.bootId = value;
        break;
      case 'pidns':
        holder.pidNamespace = value;
        break;
      default:
        // A field from a newer version: ignored, the ones known here still decide.
        break;
    }
  }
  return holder;
}
