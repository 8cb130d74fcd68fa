import { readdirSync, readFileSync } from 'node:fs';

/**
 * ripgrep processes this process has running now, read from /proc (Linux): a child whose
 * image is `rg` (one started through the memory-cap `sh` counts once it has exec'd ripgrep).
 * Vitest runs each test file in its own process, so other files' searches do not count.
 */
export function runningRipgreps(): number {
  let count = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (stat.includes('(rg)') && Number(afterName[1]) === process.pid) count += 1;
    } catch {
      // exited meanwhile
    }
  }
  return count;
}
