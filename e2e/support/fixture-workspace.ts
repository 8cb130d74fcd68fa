import { mkdtemp, mkdir, writeFile, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** File path (relative, `/`-separated) → contents. */
export type WorkspaceFiles = Record<string, string | Buffer>;

/** A fresh folder on disk holding `files`; each e2e test gets its own. */
export async function buildFixtureWorkspace(files: WorkspaceFiles, links: Record<string, string> = {}): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'toolcards-e2e-ws-'));
  for (const [path, contents] of Object.entries(files)) {
    const absolute = join(root, path);
    await mkdir(dirname(absolute), { recursive: true });
    await writeFile(absolute, contents);
  }
  for (const [path, target] of Object.entries(links)) {
    await symlink(target, join(root, path));
  }
  return root;
}

export async function makeDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'toolcards-e2e-data-'));
}
