import { readFile, mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchMetaFromMeta } from '@toolcards/protocol';
import { presentResult, runTool } from '../registry';
import { buildFixtureWorkspace, FIXTURE, textOf, type FixtureWorkspace } from '../test-support/fixture-workspace';
import { executeGlob } from './glob-search';

let fixture: FixtureWorkspace;
beforeAll(async () => {
  fixture = await buildFixtureWorkspace();
  await mkdir(path.join(fixture.root, '.hg'));
  await writeFile(path.join(fixture.root, '.hg', 'store.ts'), '');
  await mkdir(path.join(fixture.root, 'pkg', '.svn'), { recursive: true });
  await writeFile(path.join(fixture.root, 'pkg', '.svn', 'entries.ts'), '');
  await writeFile(path.join(fixture.root, 'pkg', 'index.ts'), '');
});
afterAll(() => fixture.cleanup());

type Overrides = Parameters<FixtureWorkspace['context']>[0];
const glob = (args: Record<string, unknown>, overrides?: Overrides) => runTool('glob', args as never, fixture.context(overrides));

function pathsOf(meta: unknown): string[] {
  const narrowed = searchMetaFromMeta(meta);
  if (narrowed?.shape !== 'paths') throw new Error('not a paths meta');
  return narrowed.paths;
}

describe('glob tool on real files with real ripgrep', () => {
  it('lists hidden and ignored files, never VCS folders nor symlinks out', async () => {
    const result = await glob({ pattern: '**' });
    const paths = pathsOf(result.meta);
    expect(paths).toEqual(expect.arrayContaining([FIXTURE.ignored, FIXTURE.hidden, '.gitignore', FIXTURE.spaced, FIXTURE.unicode, 'pkg/index.ts']));
    expect(paths.filter((item) => /(^|\/)\.(git|hg|svn)\//.test(item))).toEqual([]);
    expect(paths).not.toContain(FIXTURE.linkOut);
    expect(paths.some((item) => item.startsWith(FIXTURE.linkDirOut))).toBe(false);
    expect(textOf(result).split('\n').sort()).toEqual([...paths].sort());
  });

  it('matches globs relative to the searched folder', async () => {
    expect(pathsOf((await glob({ pattern: '**/*.ts' })).meta).sort()).toEqual(['pkg/index.ts', FIXTURE.unicode]);
    expect(pathsOf((await glob({ pattern: '*.ts', path: 'src' })).meta)).toEqual([FIXTURE.unicode]);
    expect(pathsOf((await glob({ pattern: 'src/*.ts' })).meta)).toEqual([FIXTURE.unicode]);
  });

  it('reads `*` as this folder, as a shell would: a star never crosses a slash', async () => {
    const top = pathsOf((await glob({ pattern: '*' })).meta);
    expect(top).toEqual(expect.arrayContaining([FIXTURE.crlf, FIXTURE.hidden, '.gitignore']));
    expect(top.filter((item) => item.includes('/'))).toEqual([]);
    expect(pathsOf((await glob({ pattern: '*.ts' })).meta)).toEqual([]);
    expect(pathsOf((await glob({ pattern: '*.ts', path: 'pkg' })).meta)).toEqual(['pkg/index.ts']);
    // The whole tree is `**/*` (or `**`).
    expect(pathsOf((await glob({ pattern: '**/*' })).meta)).toEqual(expect.arrayContaining([FIXTURE.unicode, 'pkg/index.ts', FIXTURE.crlf]));
  });

  it('cannot list VCS folders even when asked for them', async () => {
    expect(textOf(await glob({ pattern: '.git/**' }))).toBe('No files found');
    expect(textOf(await glob({ pattern: '**/.svn/*' }))).toBe('No files found');
  });

  it('lists the most recently modified files first', async () => {
    await mkdir(path.join(fixture.root, 'timed'));
    for (const [name, seconds] of [['new.md', 3000], ['old.md', 1000], ['mid.md', 2000]] as const) {
      const file = path.join(fixture.root, 'timed', name);
      await writeFile(file, '');
      await utimes(file, seconds, seconds);
    }
    expect(pathsOf((await glob({ pattern: '*.md', path: 'timed' })).meta)).toEqual(['timed/new.md', 'timed/mid.md', 'timed/old.md']);
  });

  it('says "No files found"', async () => {
    const result = await glob({ pattern: '*.nothing' });
    expect(textOf(result)).toBe('No files found');
    expect(result.meta).toEqual({ shape: 'paths', paths: [], truncated: false, total: 0 });
    expect(presentResult('glob', { pattern: '*.nothing' }, result)).toMatchObject({ card: 'search', shape: 'paths', paths: [] });
  });

  it('keeps patterns inert: flags and `..` never widen the listing', async () => {
    for (const pattern of ['--pre=sh', '../**', '../outside/*', '/etc/*', '-x']) {
      const result = await glob({ pattern });
      expect(result.isError).toBe(false);
      expect(textOf(result)).not.toContain('secret');
    }
    expect((await glob({ pattern: '*', path: '..' })).error?.code).toBe('FS_OUTSIDE_WORKSPACE');
    expect((await glob({ pattern: '*\0' })).error?.code).toBe('TOOL_INVALID_ARGS');
  });

  it('turns an invalid glob into SEARCH_INVALID_PATTERN', async () => {
    const result = await glob({ pattern: '{unclosed' });
    expect(result.error?.code).toBe('SEARCH_INVALID_PATTERN');
    expect(result.error?.message).toMatch(/error parsing glob/);
  });
});

describe('glob tool cap and spill', () => {
  beforeAll(async () => {
    await mkdir(path.join(fixture.root, 'lots'));
    await Promise.all(Array.from({ length: 120 }, (_, index) => writeFile(path.join(fixture.root, 'lots', `f${index}.dat`), '')));
  });

  it('shows 100 paths, counts all, and spills the full list', async () => {
    const result = await glob({ pattern: '*.dat', path: 'lots' });
    const meta = searchMetaFromMeta(result.meta)!;
    expect(meta).toMatchObject({ shape: 'paths', truncated: true, total: 120 });
    expect(pathsOf(result.meta)).toHaveLength(100);
    const text = textOf(result);
    expect(text.split('\n').at(-1)).toBe(
      `(Showing the first 100 of 120 files. The full list is saved in ${meta.spillPath}: read it with the read tool, or narrow the pattern or path.)`,
    );
    const spilled = (await readFile(meta.spillPath!, 'utf8')).split('\n');
    expect(spilled.at(-1)).toBe('');
    expect(spilled.slice(0, 100)).toEqual(pathsOf(result.meta));
    expect(new Set(spilled.slice(0, -1))).toEqual(new Set(Array.from({ length: 120 }, (_, index) => `lots/f${index}.dat`)));
  });

  it('says when the list could not be saved, and bounds the meta', async () => {
    const unsaved = await glob({ pattern: '*.dat', path: 'lots' }, { noSpill: true });
    expect(textOf(unsaved)).toContain('The full list could not be saved');
    const small = await glob({ pattern: '*.dat', path: 'lots' }, { metaMaxBytes: 300 });
    expect(Buffer.byteLength(JSON.stringify(small.meta))).toBeLessThanOrEqual(300);
    expect(searchMetaFromMeta(small.meta)).toMatchObject({ truncated: true, total: 120 });
  });
});

describe('glob tool abort', () => {
  it('stops ripgrep when the call is aborted → SEARCH_ABORTED', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await executeGlob({ pattern: '*' }, fixture.context({ signal: controller.signal }));
    expect(result.error?.code).toBe('SEARCH_ABORTED');
  });
});
