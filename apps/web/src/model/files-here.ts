/**
 * Whether a session's files are this server's to look at: it ran in the served workspace or a
 * folder inside it (as the server's own rule, session-file-views.ts). Asked otherwise, every
 * lines or freshness request is refused (409 OTHER_WORKSPACE), each a console error in the page.
 * Both are absolute paths as the server reports them; unknown (no header or server yet) is no.
 */
export function filesHere(sessionCwd: string | undefined, workspace: string | undefined): boolean {
  if (sessionCwd === undefined || workspace === undefined || sessionCwd === '' || workspace === '') return false;
  const root = trimEndSeparators(workspace);
  const cwd = trimEndSeparators(sessionCwd);
  if (cwd === root) return true;
  const separator = root.includes('\\') && !root.includes('/') ? '\\' : '/';
  if (!cwd.startsWith(root + separator)) return false;
  // "a/../../b" leaves the root for all its prefix: only plain folder names go down into it.
  return cwd
    .slice(root.length + 1)
    .split(separator)
    .every((part) => part !== '..' && part !== '.' && part !== '');
}

function trimEndSeparators(path: string): string {
  return path.replace(/[\\/]+$/, '');
}
