/**
 * Where a path a Codex command named lives: resolved against the folder the command ran in
 * (the call's workdir, else the session's cwd, then a `cd DIR &&` prefix), POSIX style, as an
 * absolute path when any of those is absolute. Kept pure (no node:path) like the rest of the
 * importer.
 */
export function resolvePath(...parts: (string | undefined)[]): string {
  let absolute = false;
  let segments: string[] = [];
  for (const part of parts) {
    if (part === undefined || part === '') continue;
    if (part.startsWith('/')) {
      absolute = true;
      segments = [];
    }
    for (const segment of part.split('/')) {
      if (segment === '' || segment === '.') continue;
      if (segment === '..') {
        if (segments.length > 0 && segments.at(-1) !== '..') segments.pop();
        else if (!absolute) segments.push('..');
      } else {
        segments.push(segment);
      }
    }
  }
  const joined = segments.join('/');
  return absolute ? `/${joined}` : joined === '' ? '.' : joined;
}
