import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, createSession, useServers } from '../test-support/server-harness';
import { TestClient } from '../test-support/test-client';

const FORTY_LINES = Array.from({ length: 40 }, (_, index) => `const line${index + 1} = ${index + 1};`).join('\n') + '\n';

/** A real read over the real WebSocket; the client stays subscribed, to hear `files-changed`. */
async function readWith(client: TestClient, sessionId: string, args: unknown): Promise<string> {
  const before = client.events().length;
  client.send({ type: 'run-tool', sessionId, name: 'read', args });
  const result = await client.waitFor(() => client.events().slice(before).find((event) => event.type === 'tool/result'), 'the read result');
  if (result.type !== 'tool/result') throw new Error('not a result');
  return result.data.callId;
}

describe('GET /api/sessions/:id/lines', () => {
  const servers = useServers();

  it('answers lines of a file as it is now, through the read tool’s caps and confinement, logging nothing', async () => {
    const server = await servers.start();
    await writeFile(join(server.workspace, 'forty.ts'), FORTY_LINES);
    const session = await createSession(server);
    const base = `/api/sessions/${session.id}/lines`;

    const answer = await api(server, `${base}?path=forty.ts&offset=38&limit=50`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ path: 'forty.ts', offset: 38, totalLines: 40, lang: 'typescript', size: FORTY_LINES.length });
    expect(answer.body.lines).toEqual([
      { number: 38, text: 'const line38 = 38;' },
      { number: 39, text: 'const line39 = 39;' },
      { number: 40, text: 'const line40 = 40;' },
    ]);

    expect((await api(server, `${base}?path=../outside.txt`)).body).toMatchObject({ error: { code: 'READ_FAILED', message: expect.stringContaining('outside') } });
    expect((await api(server, `${base}?path=missing.ts`)).body).toMatchObject({ error: { code: 'READ_FAILED', message: expect.stringContaining('not found') } });
    expect((await api(server, `${base}?path=forty.ts&offset=99`)).status).toBe(422);
    for (const bad of ['', '?path=', '?path=forty.ts&offset=0', '?path=forty.ts&limit=501', '?path=forty.ts&limit=x', '?path=a%00b']) {
      expect((await api(server, `${base}${bad}`)).body, bad).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
    expect((await fetch(`http://127.0.0.1:${server.port}${base}?path=forty.ts`)).status).toBe(401);
    expect((await api(server, `${base}?path=forty.ts`, { method: 'POST' })).status).toBe(405);
    // A view, not a tool call: the session's log is as empty as before.
    expect((await api(server, `/api/sessions/${session.id}`)).body.session.eventCount).toBe(0);
  });
});

describe('GET /api/sessions/:id/results/:callId/freshness', () => {
  const servers = useServers();

  it('tells a read’s freshness and tells watchers live when its file changes, is edited inside the window, and is deleted', async () => {
    const server = await servers.start();
    const file = join(server.workspace, 'forty.ts');
    await writeFile(file, FORTY_LINES);
    const session = await createSession(server);
    const client = await TestClient.connect(server.port, { token: server.token });
    try {
      client.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
      await client.waitForFrame('caught-up');
      const callId = await readWith(client, session.id, { path: 'forty.ts', offset: 5, limit: 10 });
      const freshness = () => api(server, `/api/sessions/${session.id}/results/${encodeURIComponent(callId)}/freshness`);
      expect((await freshness()).body).toEqual({ callId, path: 'forty.ts', state: 'unchanged' });

      const changes = () => client.frames.filter((frame) => frame.type === 'files-changed').length;
      await writeFile(file, FORTY_LINES.replace('line30 = 30', 'line30 = 300'));
      await client.waitFor(() => (changes() >= 1 ? true : undefined), 'files-changed after an edit below the window');
      expect(client.frames.find((frame) => frame.type === 'files-changed')).toEqual({ type: 'files-changed', sessionId: session.id, paths: ['forty.ts'] });
      expect((await freshness()).body.state).toBe('changed-outside');

      const seen = changes();
      await writeFile(file, FORTY_LINES.replace('line7 = 7', 'line7 = 70'));
      await client.waitFor(() => (changes() > seen ? true : undefined), 'files-changed after an edit inside the window');
      expect((await freshness()).body.state).toBe('changed-inside');

      await rm(file);
      expect((await freshness()).body.state).toBe('deleted');
    } finally {
      await client.close();
    }
  });

  it('refuses what is not a read, and unknown calls', async () => {
    const server = await servers.start();
    const session = await createSession(server);
    const client = await TestClient.connect(server.port, { token: server.token });
    try {
      client.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
      await client.waitForFrame('caught-up');
      const before = client.events().length;
      client.send({ type: 'run-tool', sessionId: session.id, name: 'glob', args: { pattern: '**/*.ts' } });
      const result = await client.waitFor(() => client.events().slice(before).find((event) => event.type === 'tool/result'), 'the glob result');
      if (result.type !== 'tool/result') throw new Error('not a result');
      expect((await api(server, `/api/sessions/${session.id}/results/${result.data.callId}/freshness`)).body).toMatchObject({ error: { code: 'NOT_A_READ' } });
      expect((await api(server, `/api/sessions/${session.id}/results/nope/freshness`)).body).toMatchObject({ error: { code: 'UNKNOWN_RESULT' } });
    } finally {
      await client.close();
    }
  });
});
