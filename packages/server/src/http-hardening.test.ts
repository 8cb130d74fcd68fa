import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiErrorSchema, openSessionResponseSchema, sessionListResponseSchema, sessionResponseSchema } from '@toolcards/protocol';
import { acquireWriterLock, dataDirLayout, SessionBusyError, sessionLogPath } from '@toolcards/session';
import { apiErrorOf } from './api';
import { spawnCli, waitForStartUrl, type CliProcess } from './test-support/cli-process';
import { api, createSession, makeWorkspace, useServers } from './test-support/server-harness';

const SESSION_ID = '20250101-000000-abcdef';

describe('HTTP API errors', { timeout: 60_000 }, () => {
  const servers = useServers();
  const running: CliProcess[] = [];
  afterEach(() => {
    for (const cli of running.splice(0)) if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
  });

  // Before: `toolcards: GET /api/sessions/<id>?token=<the token> failed: …` on stderr (issue 11, break 8).
  it('never writes the token to the log when a request fails', async () => {
    const root = await servers.tempDir();
    const dataDir = join(root, 'data');
    const server = await servers.start({ dataDir });
    // A real failure: the session's log is a folder, so reading it fails with EISDIR.
    await mkdir(sessionLogPath(dataDirLayout(dataDir), SESSION_ID), { recursive: true });
    const viaQuery = await fetch(`http://127.0.0.1:${server.port}/api/sessions/${SESSION_ID}?token=${encodeURIComponent(server.token)}&x=1`);
    expect(viaQuery.status).toBe(500);
    expect(apiErrorSchema.parse(await viaQuery.json()).error.code).toBe('INTERNAL');
    const viaHeader = await api(server, `/api/sessions/${SESSION_ID}?again=1`);
    expect(viaHeader.status).toBe(500);

    const failures = server.problems.filter((line) => line.includes('failed'));
    expect(failures).toEqual([
      expect.stringMatching(new RegExp(`^GET /api/sessions/${SESSION_ID} failed: .*EISDIR`, 's')),
      expect.stringMatching(new RegExp(`^GET /api/sessions/${SESSION_ID} failed: .*EISDIR`, 's')),
    ]);
    for (const line of server.problems) {
      expect(line).not.toContain(server.token);
      expect(line).not.toContain(encodeURIComponent(server.token));
      expect(line).not.toContain('?');
    }
  });

  // Before: 500 INTERNAL "see its log" (break 9). Viewing no longer takes the writer lock, so
  // GET opens a busy session; the lock error (from the real lock another process holds) maps to 409.
  it('maps a session another toolcards process is writing to 409 SESSION_BUSY, and still lets it be viewed', async () => {
    const root = await servers.tempDir();
    const dataDir = join(root, 'data');
    const workspace = await makeWorkspace(join(root, 'workspace'));
    const other = spawnCli([workspace, '--port', '0', '--data-dir', dataDir, '--no-open']);
    running.push(other);
    const started = await waitForStartUrl(other);
    // The other process creates the session and holds its writer lock.
    const session = await createSession(started);

    const server = await servers.start({ dataDir, workspace });
    expect((await api(server, `/api/sessions/${session.id}`)).status).toBe(200);

    let busy: unknown;
    try {
      acquireWriterLock(sessionLogPath(dataDirLayout(dataDir), session.id)).release();
    } catch (error) {
      busy = error;
    }
    expect(busy).toBeInstanceOf(SessionBusyError);
    const answer = apiErrorOf(busy);
    expect(answer).toEqual({ status: 409, code: 'SESSION_BUSY', message: expect.stringContaining(`another toolcards process (pid ${other.child.pid})`) });
    expect(answer?.message).not.toContain(dataDir);
  });

  // Before: 500 INTERNAL (break 9).
  it('answers 422 SESSION_UNREADABLE with the reason for a session whose header is corrupt', async () => {
    const root = await servers.tempDir();
    const dataDir = join(root, 'data');
    const server = await servers.start({ dataDir });
    await writeFile(sessionLogPath(dataDirLayout(dataDir), SESSION_ID), 'this is not a header\n{"seq":0}\n');
    const corrupt = await api(server, `/api/sessions/${SESSION_ID}`);
    expect(corrupt.status).toBe(422);
    expect(apiErrorSchema.parse(corrupt.body)).toEqual({
      error: { code: 'SESSION_UNREADABLE', message: expect.stringMatching(/^this session's log cannot be opened: line 1: /) },
    });
    // The server is fine, and so are the other sessions.
    const session = await createSession(server);
    expect((await api(server, `/api/sessions/${session.id}`)).status).toBe(200);
  });

  it('answers every route with a body its protocol schema accepts', async () => {
    const server = await servers.start();
    const created = await api(server, '/api/sessions', { method: 'POST' });
    expect(created.status).toBe(201);
    const { session } = sessionResponseSchema.parse(created.body);
    expect(sessionListResponseSchema.parse((await api(server, '/api/sessions')).body).sessions.map((each) => each.id)).toEqual([session.id]);
    expect(openSessionResponseSchema.parse((await api(server, `/api/sessions/${session.id}`)).body)).toMatchObject({ session: { id: session.id }, problems: [] });
    for (const [path, init, status] of [
      ['/api/nope', {}, 404],
      ['/api/sessions/a%2Fb', {}, 400],
      ['/api/sessions', { method: 'DELETE' }, 405],
      ['/api/sessions/no-such-session', {}, 404],
    ] as const) {
      const refused = await api(server, path, init);
      expect(refused.status, path).toBe(status);
      expect(apiErrorSchema.safeParse(refused.body).success, path).toBe(true);
    }
    const unauthorized = await api({ ...server, token: 'wrong' }, '/api/info');
    expect(apiErrorSchema.parse(unauthorized.body).error.code).toBe('UNAUTHORIZED');
  });
});
