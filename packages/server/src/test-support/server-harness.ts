import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';
import type { SessionSummary } from '@toolcards/protocol';
import { startServer, type RunningServer, type StartServerOptions } from '../index';

/** Files of the fixture workspace tools run on. */
export const WORKSPACE_FILES: Readonly<Record<string, string>> = {
  'src/app.ts': ['// TODO: wire the router', 'export function main(): number {', '  return 42;', '}', ''].join('\n'),
  'src/util.ts': ['export const twice = (n: number) => n * 2; // TODO: bigint', ''].join('\n'),
  'README.md': '# fixture\n\nA workspace for server tests.\n',
};

export async function makeTempDir(prefix = 'toolcards-server-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export async function makeWorkspace(root: string): Promise<string> {
  for (const [path, text] of Object.entries(WORKSPACE_FILES)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

/**
 * Real servers on ephemeral ports with temp workspace and data dir, closed
 * and removed after each test.
 */
export function useServers() {
  const servers: RunningServer[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });
  async function tempDir(): Promise<string> {
    const dir = await makeTempDir();
    dirs.push(dir);
    return dir;
  }
  return {
    tempDir,
    async start(options: Partial<StartServerOptions> = {}): Promise<RunningServer & { problems: string[] }> {
      const root = await tempDir();
      const workspace = options.workspace ?? (await makeWorkspace(join(root, 'workspace')));
      const problems: string[] = [];
      const server = await startServer({
        port: 0,
        dataDir: join(root, 'data'),
        clientDir: join(root, 'no-client'),
        report: (message) => problems.push(message),
        ...options,
        workspace,
      });
      servers.push(server);
      return Object.assign(server, { problems });
    },
  };
}

export async function api(server: Pick<RunningServer, 'port' | 'token'>, path: string, init: RequestInit = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${server.token}`, ...(init.headers as Record<string, string> | undefined) },
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (the page)
  }
  return { status: response.status, body, headers: response.headers };
}

export async function createSession(server: Pick<RunningServer, 'port' | 'token'>): Promise<SessionSummary> {
  const { status, body } = await api(server, '/api/sessions', { method: 'POST' });
  if (status !== 201) throw new Error(`create session: HTTP ${status} ${JSON.stringify(body)}`);
  return body.session as SessionSummary;
}
