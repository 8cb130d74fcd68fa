import { readFileSync } from 'node:fs';

/** A process's resident set in kB, read from /proc (0 once it is gone). */
export function rssOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's resident set every `everyMs` until `stop()`, which gives the peak in MB (MiB). */
export function watchPeakRss(pid: number, everyMs: number): { stop(): number } {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, rssOf(pid));
      return peak / 1024;
    },
  };
}
