import { appendFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeGlob } from './glob/glob-search';
import { executeGrep } from './grep/grep-search';
import { openSearchTarget, type SearchTarget } from './search-target';
import type { Workspace } from './tool';
import { DEFAULT_TOOL_CONFIG } from './tool-config';
import { buildFixtureWorkspace, FIXTURE, NEEDLE, textOf, type FixtureWorkspace } from './test-support/fixture-workspace';
import { mkfifo } from './test-support/mkfifo';
import { createWorkspace } from './workspace';

let fixture: FixtureWorkspace;
beforeAll(async () => {
  fixture = await buildFixtureWorkspace();
});
afterAll(() => fixture.cleanup());

async function opened(workspace: Workspace, absolute: string): Promise<SearchTarget> {
  const outcome = await openSearchTarget(workspace, absolute, 'grep');
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.target;
}

describe('openSearchTarget', () => {
  it('runs ripgrep inside the opened folder and shows its output relative to the root', async () => {
    const root = await opened(fixture.workspace, fixture.root);
    expect(root.rgPath).toBe('.');
    expect(root.cwd).toMatch(/^\/proc\/\d+\/fd\/\d+$/);
    expect(root.showPath('./src/unicode.ts')).toBe('src/unicode.ts');
    await root.close();
    const src = await opened(fixture.workspace, path.join(fixture.root, 'src'));
    expect(src.showPath('./unicode.ts')).toBe('src/unicode.ts');
    expect(src.showPath('./a\\b.ts')).toBe('src/a\\b.ts');
    await src.close();
  });

  it('shows output outside the root as the workspace does', async () => {
    const workspace = await createWorkspace(fixture.root, { allowOutsideWorkspace: true });
    const outside = await opened(workspace, fixture.outside);
    expect(outside.showPath('./secret.txt')).toBe(path.join(fixture.outside, 'secret.txt'));
    await outside.close();
  });

  it('drops files whose folder really lies outside the workspace', async () => {
    const root = await opened(fixture.workspace, fixture.root);
    expect(root.reports(Buffer.from('./src/unicode.ts'))).toBe(true);
    expect(root.reports(Buffer.from('./top-level.txt'))).toBe(true);
    expect(root.reports(Buffer.from(`./${FIXTURE.linkDirOut}/secret.txt`))).toBe(false);
    await root.close();
  });

  it('refuses a FIFO or a device as a target', async () => {
    await mkfifo(path.join(fixture.root, 'target-pipe'));
    const pipe = await openSearchTarget(fixture.workspace, path.join(fixture.root, 'target-pipe'), 'grep');
    expect(pipe.ok ? undefined : pipe.error.code).toBe('FS_NOT_REGULAR_FILE');
    const anywhere = await createWorkspace(fixture.root, { allowOutsideWorkspace: true });
    const zero = await openSearchTarget(anywhere, '/dev/zero', 'grep');
    expect(zero.ok ? undefined : zero.error.message).toBe('/dev/zero is not a regular file or a folder (a FIFO, a socket or a device); grep only searches files and folders.');
  });
});

describe.runIf(process.platform === 'linux')('ripgrep runs in a sandbox showing only the workspace', () => {
  it('for a folder: the workspace root, read-only, from the folder itself; none when reading anywhere is allowed', async () => {
    const src = await opened(fixture.workspace, path.join(fixture.root, 'src'));
    expect(src.sandbox).toMatchObject({ visibleRoot: fixture.root, cwd: path.join(fixture.root, 'src') });
    expect(src.sandbox?.descriptor).toBeUndefined();
    await src.close();
    const anywhere = await opened(await createWorkspace(fixture.root, { allowOutsideWorkspace: true }), fixture.root);
    expect(anywhere.sandbox).toBeUndefined();
    await anywhere.close();
  });

  it('for a file: the opened file itself, bound where no workspace path leads', async () => {
    const file = await opened(fixture.workspace, path.join(fixture.root, FIXTURE.unicode));
    expect(file.rgPath).toBe(`/.toolcards-searched/${path.basename(FIXTURE.unicode)}`);
    expect(file.sandbox?.descriptor?.at).toBe(file.rgPath);
    await file.close();
    const result = await executeGrep({ pattern: NEEDLE, path: FIXTURE.unicode }, fixture.context());
    expect(textOf(result)).toContain(`${FIXTURE.unicode}:`);
  });

  it("keeps the .gitignore of the folders above the searched one", async () => {
    await mkdir(path.join(fixture.root, 'src', 'deep'), { recursive: true });
    await writeFile(path.join(fixture.root, 'src', 'deep', 'built.txt'), `built ${NEEDLE}\n`);
    await appendFile(path.join(fixture.root, '.gitignore'), 'built.txt\n');
    const result = await executeGrep({ pattern: NEEDLE, path: 'src' }, fixture.context());
    expect(result.isError).toBe(false);
    expect(textOf(result)).not.toContain('built.txt');
  });

  it('keeps the .gitignore files of a workspace that is a folder of a larger repository', async () => {
    const repository = await mkdtemp(path.join(tmpdir(), 'toolcards-repo-'));
    try {
      await mkdir(path.join(repository, '.git'));
      await mkdir(path.join(repository, 'package', 'src'), { recursive: true });
      await writeFile(path.join(repository, 'package', '.gitignore'), 'built.txt\n');
      await writeFile(path.join(repository, 'package', 'src', 'built.txt'), `built ${NEEDLE}\n`);
      await writeFile(path.join(repository, 'package', 'src', 'kept.txt'), `kept ${NEEDLE}\n`);
      const workspace = await createWorkspace(path.join(repository, 'package'));
      const result = await executeGrep({ pattern: NEEDLE, path: '.' }, { workspace, signal: new AbortController().signal, config: DEFAULT_TOOL_CONFIG });
      expect(textOf(result)).toContain('src/kept.txt');
      expect(textOf(result)).not.toContain('built.txt');
    } finally {
      await rm(repository, { recursive: true, force: true });
    }
  });

  it("searches a folder of the session's spill area, which lies outside the workspace", async () => {
    await mkdir(path.join(fixture.spillDir, 'full'), { recursive: true });
    await writeFile(path.join(fixture.spillDir, 'full', 'grep-1.txt'), `spilled ${NEEDLE}\n`);
    const folder = await opened(fixture.workspace, path.join(fixture.spillDir, 'full'));
    expect(folder.sandbox?.descriptor?.at).toBe(path.join(fixture.spillDir, 'full'));
    await folder.close();
    const grep = await executeGrep({ pattern: NEEDLE, path: path.join(fixture.spillDir, 'full') }, fixture.context({ noSpill: true }));
    expect(textOf(grep)).toContain('spilled needle');
    const glob = await executeGlob({ pattern: '*.txt', path: path.join(fixture.spillDir, 'full') }, fixture.context({ noSpill: true }));
    expect(textOf(glob)).toContain('grep-1.txt');
  });
});
