/**
 * A cap on ripgrep's own memory. Its `--json` output lists every match of a
 * line and ignores --max-columns, so one line with millions of matches took
 * it past 2 GB. Node cannot set a child's rlimit, so on Linux ripgrep starts
 * through a fixed sh script that lowers RLIMIT_DATA and execs it with the
 * argv untouched ("$@"): no value ever becomes a shell word.
 *
 * RLIMIT_DATA counts ripgrep's heap and not the files it memory-maps, so a
 * long line searched through a map costs nothing against it. At the cap an
 * allocation fails and ripgrep aborts at once with a message on stderr.
 */

/** `ulimit -d` takes KiB; if the hard limit is already lower, the lower one stays. */
const LIMIT_SCRIPT = 'ulimit -S -d "$1" 2>/dev/null; shift; exec "$0" "$@"';

export interface RipgrepCommand {
  file: string;
  args: string[];
}

/** The command that runs `rg` with `args`, its data segment capped on Linux; elsewhere `rg` as is. */
export function ripgrepCommand(rg: string, args: readonly string[], memoryLimitBytes: number | undefined): RipgrepCommand {
  if (memoryLimitBytes === undefined || process.platform !== 'linux') return { file: rg, args: [...args] };
  const kib = String(Math.max(1, Math.floor(memoryLimitBytes / 1024)));
  return { file: '/bin/sh', args: ['-c', LIMIT_SCRIPT, rg, kib, ...args] };
}

/** Rust's allocator reports a failed allocation this way, then aborts. */
const ALLOCATION_FAILED = /memory allocation of \d+ bytes failed/;

/** True when ripgrep died because an allocation failed (its memory cap, or the machine's). */
export function ranOutOfMemory(signal: NodeJS.Signals | null, stderr: string): boolean {
  return signal === 'SIGABRT' && ALLOCATION_FAILED.test(stderr);
}
