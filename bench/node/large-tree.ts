import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A large real tree for grep and glob: a copy of the project's node_modules. */
export interface LargeTree {
  root: string;
  files: number;
  bytes: number;
}

const MARKER = '.toolcards-bench-tree.json';

/**
 * Copies node_modules outside the repository, so no .gitignore of ours applies to it
 * (inside the repo ripgrep would skip all of it). A copy whose file count and size still
 * match the source is reused: the copy costs seconds, the comparison a directory walk.
 */
export async function prepareLargeTree(sourceRoot: string, log: (line: string) => void): Promise<LargeTree> {
  const source = path.join(sourceRoot, 'node_modules');
  const root = path.join(tmpdir(), 'toolcards-bench-node_modules');
  const wanted = await treeSize(source);
  if (existsSync(path.join(root, MARKER))) {
    const kept = JSON.parse(await readFile(path.join(root, MARKER), 'utf8')) as { files: number; bytes: number };
    if (kept.files === wanted.files && kept.bytes === wanted.bytes) return { root, ...wanted };
  }
  log(`copying ${source} (${wanted.files} files, ${(wanted.bytes / 1e6).toFixed(0)} MB) to ${root}…`);
  await rm(root, { recursive: true, force: true });
  await run('cp', ['-r', source, root]);
  await writeFile(path.join(root, MARKER), JSON.stringify(wanted));
  return { root, ...wanted };
}

/** Regular files and their bytes under `dir`; symlinks are not followed (ripgrep does not follow them either). */
async function treeSize(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) {
        files += 1;
        bytes += (await lstat(full)).size;
      }
    }
  }
  return { files, bytes };
}
