import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useServers } from './test-support/server-harness';

/** scripts/start.mjs (`npm start`): when it rebuilds the client and the server bundle. */
const startScript = new URL('../../../scripts/start.mjs', import.meta.url).href;
const { clientBuildReason, serverBuildReason, runQuietly } = (await import(startScript)) as {
  clientBuildReason(root: string): string | undefined;
  serverBuildReason(root: string): string | undefined;
  runQuietly(command: string, args: string[], options: { cwd: string; what: string; stderr: { write(text: string): void } }): boolean;
};

async function touch(path: string, secondsAgo: number): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, 'x');
  const when = new Date(Date.now() - secondsAgo * 1000);
  await utimes(path, when, when);
}

describe('npm start: client freshness', () => {
  const servers = useServers();

  it('builds when there is no build', async () => {
    const root = await servers.tempDir();
    await touch(join(root, 'apps/web/src/main.tsx'), 100);
    expect(clientBuildReason(root)).toBe('the client is not built yet');
  });

  it('builds when a client or protocol source is newer than the build', async () => {
    const root = await servers.tempDir();
    await touch(join(root, 'dist/client/index.html'), 50);
    await touch(join(root, 'apps/web/src/main.tsx'), 100);
    await touch(join(root, 'packages/protocol/src/views.ts'), 100);
    expect(clientBuildReason(root)).toBeUndefined();
    await touch(join(root, 'packages/protocol/src/deep/wire.ts'), 10);
    expect(clientBuildReason(root)).toBe('packages/protocol/src changed since the last build');
  });
});

describe('npm start: server bundle freshness', () => {
  const servers = useServers();

  it('builds when there is no bundle', async () => {
    const root = await servers.tempDir();
    await touch(join(root, 'packages/server/src/cli.ts'), 100);
    expect(serverBuildReason(root)).toBe('the server is not built yet');
  });

  it('builds when a source of any workspace package, the build script or package.json is newer than the bundle', async () => {
    const root = await servers.tempDir();
    await touch(join(root, 'dist/cli.mjs'), 50);
    for (const name of ['protocol', 'tools', 'session', 'server']) await touch(join(root, `packages/${name}/src/index.ts`), 100);
    await touch(join(root, 'scripts/build-server.mjs'), 100);
    await touch(join(root, 'package.json'), 100);
    // The client's sources are not the bundle's.
    await touch(join(root, 'apps/web/src/main.tsx'), 10);
    expect(serverBuildReason(root)).toBeUndefined();

    await touch(join(root, 'packages/session/src/deep/log.ts'), 10);
    expect(serverBuildReason(root)).toBe('packages/session/src changed since the last build');
    await touch(join(root, 'dist/cli.mjs'), 5);
    expect(serverBuildReason(root)).toBeUndefined();
    // A package added later counts too.
    await touch(join(root, 'packages/newcomer/src/index.ts'), 1);
    expect(serverBuildReason(root)).toBe('packages/newcomer/src changed since the last build');
    await touch(join(root, 'dist/cli.mjs'), 0);
    await touch(join(root, 'scripts/build-server.mjs'), -10);
    expect(serverBuildReason(root)).toBe('scripts/build-server.mjs changed since the last build');
  });
});

describe('npm start: a quiet build', () => {
  const noisy = (exitCode: number) => ['-e', `for (let i = 0; i < 50; i++) console.log('bundler line ' + i); console.error('the warning'); process.exit(${exitCode})`];

  it('shows one line while building and one when done, not the build output', () => {
    let printed = '';
    expect(runQuietly(process.execPath, noisy(0), { cwd: process.cwd(), what: 'building the client', stderr: { write: (text) => (printed += text) } })).toBe(true);
    expect(printed).not.toContain('bundler line');
    expect(printed.trim().split('\n')).toEqual(['toolcards: building the client…', expect.stringMatching(/^toolcards: done in \d+\.\d s$/)]);
  });

  it('shows the whole output when the build fails', () => {
    let printed = '';
    expect(runQuietly(process.execPath, noisy(1), { cwd: process.cwd(), what: 'building the client', stderr: { write: (text) => (printed += text) } })).toBe(false);
    expect(printed).toContain('bundler line 0');
    expect(printed).toContain('bundler line 49');
    expect(printed).toContain('the warning');
    expect(printed).toContain('toolcards: building the client failed (output above).');
  });
});
