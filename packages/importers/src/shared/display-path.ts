/**
 * How a path in a transcript is shown: relative to the transcript's cwd when inside it (as our own
 * tools name workspace files), absolute otherwise.
 */
export function displayPath(path: string, cwd: string | undefined): string {
  if (cwd === undefined || cwd === '' || !path.startsWith('/')) return path;
  const root = cwd.endsWith('/') ? cwd.slice(0, -1) : cwd;
  if (path === root) return '.';
  return path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
}
