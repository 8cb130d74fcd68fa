import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixtureWorkspace, FIXTURE, type FixtureWorkspace } from './test-support/fixture-workspace';
import { createWorkspace, isInside } from './workspace';

let fixture: FixtureWorkspace;
beforeAll(async () => {
  fixture = await buildFixtureWorkspace();
});
afterAll(() => fixture.cleanup());

async function errorCode(requested: string, workspace = fixture.workspace) {
  const resolved = await workspace.resolve(requested);
  return resolved.ok ? 'ok' : resolved.error.code;
}

describe('createWorkspace', () => {
  it('keeps the realpath of the root, even when reached through a symlink', async () => {
    const link = path.join(fixture.outside, 'root-link');
    await symlink(fixture.root, link);
    const workspace = await createWorkspace(link);
    expect(workspace.root).toBe(fixture.root);
    const resolved = await workspace.resolve(path.join(link, FIXTURE.crlf));
    expect(resolved).toEqual({ ok: true, absolute: path.join(fixture.root, FIXTURE.crlf) });
  });

  it('rejects a missing root and a root that is a file', async () => {
    await expect(createWorkspace(path.join(fixture.outside, 'nope'))).rejects.toThrow();
    await expect(createWorkspace(path.join(fixture.outside, 'secret.txt'))).rejects.toThrow(/not a directory/);
  });
});

describe('Workspace.resolve', () => {
  it('resolves relative and absolute paths inside the root, `..` included while it stays inside', async () => {
    const expected = { ok: true, absolute: path.join(fixture.root, FIXTURE.crlf) };
    expect(await fixture.workspace.resolve(FIXTURE.crlf)).toEqual(expected);
    expect(await fixture.workspace.resolve(path.join(fixture.root, FIXTURE.crlf))).toEqual(expected);
    expect(await fixture.workspace.resolve(`src/../${FIXTURE.crlf}`)).toEqual(expected);
    expect(await fixture.workspace.resolve('.')).toEqual({ ok: true, absolute: fixture.root });
    expect(await fixture.workspace.resolve(FIXTURE.spaced)).toEqual({ ok: true, absolute: path.join(fixture.root, FIXTURE.spaced) });
  });

  it('refuses `..` leading out, absolute paths outside and NUL bytes', async () => {
    expect(await errorCode('../outside/secret.txt')).toBe('FS_OUTSIDE_WORKSPACE');
    expect(await errorCode('src/../../outside/secret.txt')).toBe('FS_OUTSIDE_WORKSPACE');
    expect(await errorCode('..')).toBe('FS_OUTSIDE_WORKSPACE');
    expect(await errorCode(path.join(fixture.outside, 'secret.txt'))).toBe('FS_OUTSIDE_WORKSPACE');
    expect(await errorCode('/etc/passwd')).toBe('FS_OUTSIDE_WORKSPACE');
    expect(await errorCode(`${FIXTURE.crlf}\0.png`)).toBe('FS_OUTSIDE_WORKSPACE');
  });

  it('refuses symlinks that lead out, for files and for folders on the way', async () => {
    const file = await fixture.workspace.resolve(FIXTURE.linkOut);
    expect(file.ok).toBe(false);
    if (!file.ok) {
      expect(file.error.code).toBe('FS_OUTSIDE_WORKSPACE');
      expect(file.error.message).toMatch(/symlink/);
    }
    expect(await errorCode(FIXTURE.linkDirOut)).toBe('FS_OUTSIDE_WORKSPACE');
    expect(await errorCode(`${FIXTURE.linkDirOut}/secret.txt`)).toBe('FS_OUTSIDE_WORKSPACE');
  });

  it('says "outside" rather than "not found" for missing paths outside, so probing learns nothing', async () => {
    expect(await errorCode(`${FIXTURE.linkDirOut}/missing.txt`)).toBe('FS_OUTSIDE_WORKSPACE');
    expect(await errorCode('../outside/missing.txt')).toBe('FS_OUTSIDE_WORKSPACE');
    expect(await errorCode('/no/such/place')).toBe('FS_OUTSIDE_WORKSPACE');
  });

  it('reports missing paths inside as FS_NOT_FOUND, naming the path', async () => {
    const resolved = await fixture.workspace.resolve('src/missing.ts');
    expect(resolved).toEqual({ ok: false, error: { code: 'FS_NOT_FOUND', message: 'File not found: src/missing.ts' } });
    expect(await errorCode('missing-dir/deeper/file.ts')).toBe('FS_NOT_FOUND');
    expect(await errorCode(`${FIXTURE.crlf}/under-a-file`)).toBe('FS_NOT_FOUND');
  });

  it('allows symlinks that stay inside', async () => {
    await symlink(path.join(fixture.root, FIXTURE.crlf), path.join(fixture.root, 'inner-link.txt'));
    expect(await fixture.workspace.resolve('inner-link.txt')).toEqual({ ok: true, absolute: path.join(fixture.root, FIXTURE.crlf) });
  });

  it('keeps the extra readable roots readable, even when created after the workspace', async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'toolcards-extra-'));
    try {
      const spill = path.join(base, 'spill');
      const workspace = await createWorkspace(fixture.root, { extraReadableRoots: [spill] });
      await mkdir(spill);
      await writeFile(path.join(spill, 'grep-1.txt'), 'x\n');
      expect(await workspace.resolve(path.join(spill, 'grep-1.txt'))).toEqual({ ok: true, absolute: path.join(spill, 'grep-1.txt') });
      expect(await errorCode(path.join(base, 'elsewhere.txt'), workspace)).toBe('FS_OUTSIDE_WORKSPACE');
      expect(workspace.display(path.join(spill, 'grep-1.txt'))).toBe(path.join(spill, 'grep-1.txt'));
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });

  it('resolves anywhere when the caller opted out explicitly', async () => {
    const workspace = await createWorkspace(fixture.root, { allowOutsideWorkspace: true });
    expect(await workspace.resolve(path.join(fixture.outside, 'secret.txt'))).toEqual({
      ok: true,
      absolute: path.join(fixture.outside, 'secret.txt'),
    });
    expect((await workspace.resolve(FIXTURE.linkOut)).ok).toBe(true);
    expect(await errorCode('../outside/missing.txt', workspace)).toBe('FS_NOT_FOUND');
    expect(await errorCode('a\0b', workspace)).toBe('FS_OUTSIDE_WORKSPACE');
  });
});

describe('Workspace.display', () => {
  it('shows paths relative to the root with "/", the root as ".", outside paths absolute', () => {
    const { workspace, root } = fixture;
    expect(workspace.display(path.join(root, 'src', 'unicode.ts'))).toBe('src/unicode.ts');
    expect(workspace.display(root)).toBe('.');
    expect(workspace.display(path.join(root, '..foo'))).toBe('..foo');
    expect(workspace.display(path.dirname(root))).toBe(path.dirname(root));
    expect(workspace.display('/etc/hosts')).toBe('/etc/hosts');
  });
});

describe('isInside', () => {
  it('compares whole path segments', () => {
    expect(isInside('/a/b', '/a/b')).toBe(true);
    expect(isInside('/a/b', '/a/b/c')).toBe(true);
    expect(isInside('/a/b', '/a/bc')).toBe(false);
    expect(isInside('/', '/anything')).toBe(true);
  });
});
