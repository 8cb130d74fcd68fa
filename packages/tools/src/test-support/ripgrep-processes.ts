import { readdirSync, readFileSync } from 'node:fs';

/**
 * ripgrep processes this process has running now, read from /proc (Linux): a descendant
 * whose image is `rg` (one started through the memory-cap `sh` counts once it has exec'd
 * ripgrep; one in the bubblewrap sandbox is a grandchild or deeper). Vitest runs each test
 * file in its own process, so other files' searches do not count.
 */
export function runningRipgreps(): number {
  const parents = new Map<number, number>();
  const ripgreps: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(afterName[1]));
      if (stat.includes('(rg)')) ripgreps.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return ripgreps.filter((pid) => descendsFrom(pid, process.pid, parents)).length;
}

function descendsFrom(pid: number, ancestor: number, parents: ReadonlyMap<number, number>): boolean {
  for (let current = parents.get(pid); current !== undefined && current > 1; current = parents.get(current)) {
    if (current === ancestor) return true;
  }
  return false;
}
