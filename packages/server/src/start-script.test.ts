import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useServers } from './test-support/server-harness';

/** scripts/start.mjs (`npm start`): when it rebuilds the client. */
const startScript = new URL('../../../scripts/start.mjs', import.meta.url).href;
const { clientBuildReason } = (await import(startScript)) as { clientBuildReason(root: string): string | undefined };

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
    await touch(join(root, 'apps/web/dist/index.html'), 50);
    await touch(join(root, 'apps/web/src/main.tsx'), 100);
    await touch(join(root, 'packages/protocol/src/views.ts'), 100);
    expect(clientBuildReason(root)).toBeUndefined();
    await touch(join(root, 'packages/protocol/src/deep/wire.ts'), 10);
    expect(clientBuildReason(root)).toBe('packages/protocol/src changed since the last build');
  });
});
