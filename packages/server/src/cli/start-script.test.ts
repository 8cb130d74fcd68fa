import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, utimes, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { until } from '../../../tools/src/test-support/until';
import { useServers } from '../test-support/server-harness';

/** scripts/start.mjs (`npm start`): when it rebuilds the client and the server bundle. */
const startScript = new URL('../../../../scripts/start.mjs', import.meta.url).href;
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

  it('builds when the HTML export’s viewer is missing (a build from before it, or one that stopped half-way)', async () => {
    const root = await servers.tempDir();
    await touch(join(root, 'dist/client/index.html'), 50);
    await touch(join(root, 'apps/web/src/main.tsx'), 100);
    expect(clientBuildReason(root)).toBe('the export viewer is not built yet');
  });

  it('builds when a client or protocol source is newer than the build', async () => {
    const root = await servers.tempDir();
    await touch(join(root, 'dist/client/index.html'), 50);
    await touch(join(root, 'dist/export-viewer/export-viewer.js'), 50);
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
    await touch(join(root, 'packages/server/src/cli/cli.ts'), 100);
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

describe('npm start: stopping npm stops the server', () => {
  const servers = useServers();

  /**
   * The real chain a user runs: `npm start` → `sh -c 'node scripts/start.mjs'` → node. The
   * copy of scripts/start.mjs is the real one; its dist/cli.mjs is a small stand-in that
   * listens and, like the real CLI, closes on SIGTERM (the real bundle needs a build).
   */
  async function startedByNpm(): Promise<{ npm: ChildProcess; serverPid: number; port: number }> {
    const root = await servers.tempDir();
    await mkdir(join(root, 'scripts'));
    await copyFile(fileURLToPath(startScript), join(root, 'scripts/start.mjs'));
    await writeFile(join(root, 'package.json'), JSON.stringify({ name: 'stand-in', private: true, type: 'module', scripts: { start: 'node scripts/start.mjs' } }));
    await mkdir(join(root, 'dist/client'), { recursive: true });
    await writeFile(join(root, 'dist/client/index.html'), '<!doctype html>');
    await mkdir(join(root, 'dist/export-viewer'), { recursive: true });
    await writeFile(join(root, 'dist/export-viewer/export-viewer.js'), '');
    await writeFile(
      join(root, 'dist/cli.mjs'),
      [
        "import { createServer } from 'node:http';",
        'export async function main() {',
        "  const server = createServer((request, response) => response.end('ok'));",
        "  await new Promise((listening) => server.listen(0, '127.0.0.1', listening));",
        '  process.stdout.write(`listening ${server.address().port} pid ${process.pid}\\n`);',
        "  await new Promise((stop) => process.once('SIGTERM', stop));",
        '  await new Promise((closed) => server.close(closed));',
        '  return 0;',
        '}',
      ].join('\n'),
    );
    // Built after their inputs: nothing to rebuild.
    const later = new Date(Date.now() + 60_000);
    for (const built of ['dist/cli.mjs', 'dist/client/index.html', 'dist/export-viewer/export-viewer.js']) await utimes(join(root, built), later, later);

    const npm = spawn('npm', ['start'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let printed = '';
    npm.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    onTestFinished(() => {
      npm.kill('SIGKILL');
      const orphan = /pid (\d+)/.exec(printed);
      if (orphan && processExists(Number(orphan[1]))) process.kill(Number(orphan[1]), 'SIGKILL');
    });
    await until(() => /listening \d+ pid \d+/.test(printed), () => `the stand-in server to listen; npm printed: ${printed}`);
    const [, port, serverPid] = /listening (\d+) pid (\d+)/.exec(printed)!;
    return { npm, serverPid: Number(serverPid), port: Number(port) };
  }

  // SIGTERM: npm passes it to the shell, which dies without passing it on. SIGHUP: npm dies,
  // the shell waits on. (Ctrl-C in a terminal signals the whole group, the server included.)
  it.each(['SIGTERM', 'SIGHUP'] as const)('%s to npm: the server stops listening and its process ends', async (signal) => {
    const { npm, serverPid, port } = await startedByNpm();
    expect(await answers(port)).toBe(true);
    const npmExited = new Promise((exited) => npm.once('exit', exited));
    npm.kill(signal);
    await npmExited;
    await until(() => !processExists(serverPid), `node scripts/start.mjs (pid ${serverPid}) to exit after npm did`);
    expect(await answers(port)).toBe(false);
  }, 30_000);
});

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolveAnswer) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolveAnswer(true);
    });
    socket.once('error', () => resolveAnswer(false));
  });
}
