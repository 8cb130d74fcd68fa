/**
 * Orders workspace-relative paths as a sorted folder walk lists them (VS Code's
 * search, `rg --sort=path`): segment by segment, so a folder's files stay
 * together — `a/b.ts` comes before `a.ts`, and `src/x/…` never sits between two
 * files of `src/y/`. Comparing with `/` as the lowest character does exactly that.
 */
export function comparePaths(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let at = 0; at < length; at += 1) {
    const left = a.charCodeAt(at);
    const right = b.charCodeAt(at);
    if (left === right) continue;
    if (left === SLASH) return -1;
    if (right === SLASH) return 1;
    return left - right;
  }
  return a.length - b.length;
}

const SLASH = 0x2f;
