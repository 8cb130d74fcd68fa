import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { SessionStore } from '@toolcards/session';
import { api, createSession, useServers } from '../test-support/server-harness';
import { runTools } from '../test-support/session-actions';

const pin = (seq: number) => ({ seq, label: `Read ${seq}`, pinnedAt: '2026-12-02T02:00:00.000Z' });

describe('GET/PUT /api/sessions/:id/pins (a real server)', () => {
  const servers = useServers();

  it('saves pins beside the session log, never in it, and serves them again after a restart', async () => {
    const dataDir = join(await servers.tempDir(), 'data');
    const server = await servers.start({ dataDir });
    const session = await createSession(server);
    await runTools(server.port, server.token, session.id, [{ name: 'glob', args: { pattern: '**/*.ts' } }]);
    const logBefore = await readFile(join(dataDir, 'sessions', `${session.id}.jsonl`), 'utf8');

    expect(await api(server, `/api/sessions/${session.id}/pins`)).toMatchObject({ status: 200, body: { pins: [] } });
    const put = await api(server, `/api/sessions/${session.id}/pins`, { method: 'PUT', body: JSON.stringify({ pins: [pin(1), pin(0)] }) });
    expect(put).toMatchObject({ status: 200, body: { pins: [pin(0), pin(1)] } });
    expect(JSON.parse(await readFile(join(dataDir, 'sessions', `${session.id}.pins.json`), 'utf8'))).toEqual({ pins: [pin(0), pin(1)] });
    expect(await readFile(join(dataDir, 'sessions', `${session.id}.jsonl`), 'utf8')).toBe(logBefore);

    await server.close();
    const again = await servers.start({ dataDir });
    expect(await api(again, `/api/sessions/${session.id}/pins`)).toMatchObject({ status: 200, body: { pins: [pin(0), pin(1)] } });
  });

  it('refuses an unknown session, a seq the session does not have, a body that is not pins, and other methods', async () => {
    const server = await servers.start();
    const session = await createSession(server);
    await runTools(server.port, server.token, session.id, [{ name: 'glob', args: { pattern: '*.md' } }]);
    const put = (id: string, body: string) => api(server, `/api/sessions/${id}/pins`, { method: 'PUT', body });

    expect(await api(server, '/api/sessions/20990101-000000-nosuch/pins')).toMatchObject({ status: 404, body: { error: { code: 'UNKNOWN_SESSION' } } });
    expect(await put('20990101-000000-nosuch', JSON.stringify({ pins: [] }))).toMatchObject({ status: 404, body: { error: { code: 'UNKNOWN_SESSION' } } });
    expect(await put(session.id, JSON.stringify({ pins: [pin(2)] }))).toMatchObject({
      status: 400,
      body: { error: { code: 'BAD_REQUEST', message: 'the session has no event 2 to pin (its last is 1)' } },
    });
    expect(await put(session.id, '{"pins": [')).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST', message: 'the body is not JSON' } } });
    expect(await put(session.id, JSON.stringify({ pins: [{ seq: 'one' }] }))).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST' } } });
    expect(await put(session.id, JSON.stringify({ pins: [{ ...pin(0), label: 'x'.repeat(201) }] }))).toMatchObject({ status: 400 });
    expect(await api(server, `/api/sessions/${session.id}/pins`, { method: 'POST', body: '{}' })).toMatchObject({ status: 405 });
    expect(await api(server, '/api/sessions/..%2F..%2Fetc/pins')).toMatchObject({ status: 400, body: { error: { code: 'BAD_SESSION_ID' } } });
    // Nothing was saved by the refusals.
    expect(await api(server, `/api/sessions/${session.id}/pins`)).toMatchObject({ status: 200, body: { pins: [] } });
  });

  it('answers a malformed pins file with no pins and a note, and never fails the session', async () => {
    const dataDir = join(await servers.tempDir(), 'data');
    const server = await servers.start({ dataDir });
    const session = await createSession(server);
    await runTools(server.port, server.token, session.id, [{ name: 'glob', args: { pattern: '*.md' } }]);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dataDir, 'sessions', `${session.id}.pins.json`), 'not json');
    const read = await api(server, `/api/sessions/${session.id}/pins`);
    expect(read.status).toBe(200);
    expect(read.body.pins).toEqual([]);
    expect(read.body.note).toMatch(/could not be read/);
    expect((await api(server, `/api/sessions/${session.id}`)).status).toBe(200);
    expect(await api(server, `/api/sessions/${session.id}/pins`, { method: 'PUT', body: JSON.stringify({ pins: [pin(1)] }) })).toMatchObject({ status: 200 });
  });
  it('answers from the tail of a reopened session, without starting its whole replay ahead of the tail a page waits for', async () => {
    const dataDir = join(await servers.tempDir(), 'data');
    const first = await servers.start({ dataDir });
    const session = await createSession(first);
    await runTools(first.port, first.token, session.id, [{ name: 'glob', args: { pattern: '**/*.ts' } }]);
    await first.close();

    // Each whole replay a reopen starts, as it starts.
    const wholeStarted: string[] = [];
    const openFromTail = SessionStore.prototype.openFromTail;
    const spy = vi.spyOn(SessionStore.prototype, 'openFromTail').mockImplementation(async function (this: SessionStore, ...args) {
      const opened = await openFromTail.apply(this, args);
      return { ...opened, whole: () => (wholeStarted.push(args[0]), opened.whole()) };
    });
    try {
      const server = await servers.start({ dataDir });
      expect(await api(server, `/api/sessions/${session.id}/pins`)).toMatchObject({ status: 200, body: { pins: [] } });
      expect(await api(server, `/api/sessions/${session.id}/pins`, { method: 'PUT', body: JSON.stringify({ pins: [pin(1)] }) })).toMatchObject({ status: 200 });
      expect(wholeStarted, 'whole replays started by the pins requests').toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });
});
