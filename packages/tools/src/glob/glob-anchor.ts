/**
 * The glob as ripgrep's `--glob` must get it for `*` to mean "the files of this folder", the
 * way a developer reads a glob (and a shell expands one): `*` and `?` never cross a `/`.
 *
 * ripgrep reads `--glob` like a .gitignore line: a pattern with no slash matches a file's
 * NAME at any depth, so `*` listed every file of the tree and `*.ts` every TypeScript file.
 * A leading `/` anchors a pattern to the folder searched (ripgrep's cwd, see search-target.ts);
 * a slash anywhere else already anchors it, so `src/*.ts` and `lib/**` pass unchanged.
 * A trailing slash does not anchor (.gitignore: "only directories"), so `dist/` is anchored too.
 * A leading `!` (list everything but) keeps its meaning: the rest is anchored after it.
 */
export function anchoredGlob(pattern: string): string {
  if (pattern.startsWith('!')) return `!${anchoredGlob(pattern.slice(1))}`;
  const withoutTrailingSlash = pattern.replace(/\/+$/, '');
  return withoutTrailingSlash.includes('/') ? pattern : `/${pattern}`;
}
