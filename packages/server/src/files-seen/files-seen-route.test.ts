import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileCardsResponseSchema, filesSeenResponseSchema } from '@toolcards/protocol';
import { DEFAULT_TOOL_CONFIG } from '@toolcards/tools';
import { api, createSession, useServers } from '../test-support/server-harness';
import { TestClient } from '../test-support/test-client';

/** 200 lines of 29 bytes (with the newline): a 1,000-byte window cap holds 34 of them. */
const TWO_HUNDRED_LINES = Array.from({ length: 200 }, (_, index) => `const line${String(index + 1).padStart(3, '0')} = ${'0'.repeat(11)};`).join('\n') + '\n';

/** A real tool call over the real WebSocket; resolves with its result's seq once logged. */
async function run(client: TestClient, sessionId: string, name: string, args: unknown): Promise<number> {
  const before = client.events().length;
  client.send({ type: 'run-tool', sessionId, name, args });
  const result = await client.waitFor(() => client.events().slice(before).find((event) => event.type === 'tool/result'), `the ${name} result`);
  return result.seq;
}

describe('GET /api/sessions/:id/files', () => {
  const servers = useServers();

  it('lists the files a session touched with merged read ranges, grep hits and glob listings, the same after a restart', async () => {
    const root = await servers.tempDir();
    const dataDir = join(root, 'data');
    // A small window cap: the second read is clipped to the lines it holds.
    const toolConfig = { ...DEFAULT_TOOL_CONFIG, readMaxWindowBytes: 1_000 };
    const server = await servers.start({ dataDir, toolConfig });
    await writeFile(join(server.workspace, 'two-hundred.ts'), TWO_HUNDRED_LINES);
    const session = await createSession(server);
    const files = (query = '') => api(server, `/api/sessions/${session.id}/files${query}`);
    expect((await files()).body).toEqual({ sessionId: session.id, throughSeq: -1, files: [] });

    const client = await TestClient.connect(server.port, { token: server.token });
    try {
      client.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
      await client.waitForFrame('caught-up');
      await run(client, session.id, 'read', { path: 'two-hundred.ts', offset: 1, limit: 20 });
      await run(client, session.id, 'read', { path: 'two-hundred.ts', offset: 101, limit: 100 });
      await run(client, session.id, 'grep', { pattern: 'TODO', path: '.' });
      const last = await run(client, session.id, 'glob', { pattern: '**/*.ts' });

      const answer = await files();
      expect(answer.status).toBe(200);
      const body = filesSeenResponseSchema.parse(answer.body);
      expect(body.throughSeq).toBe(last);
      const read = body.files.find((file) => file.path === 'two-hundred.ts');
      // 1–20 and the 34 lines the capped window held (101–134, not 101–200): 54 of 200.
      expect(read).toEqual({
        path: 'two-hundred.ts',
        read: { ranges: [[1, 20], [101, 134]], linesSeen: 54, totalLines: 200, percentSeen: 27, reads: 2, latestCallId: expect.any(String) },
        glob: { listings: 1 },
        cardCount: 3,
      });
      expect(body.files.find((file) => file.path === 'src/app.ts')).toEqual({
        path: 'src/app.ts',
        grep: { hits: 1, capped: false, searches: 1, lines: [1] },
        glob: { listings: 1 },
        cardCount: 2,
      });
      expect(body.files.map((file) => file.path)).toEqual(['src/app.ts', 'src/util.ts', 'two-hundred.ts']);

      // Only what changed after a seq.
      expect((await files(`?after=${last}`)).body).toEqual({ sessionId: session.id, throughSeq: last, afterSeq: last, files: [] });
      const next = await run(client, session.id, 'read', { path: 'src/app.ts' });
      const changed = filesSeenResponseSchema.parse((await files(`?after=${last}`)).body);
      expect(changed.throughSeq).toBe(next);
      expect(changed.files.map((file) => file.path)).toEqual(['src/app.ts']);
      expect(changed.files[0]?.read).toMatchObject({ ranges: [[1, 4]], totalLines: 4, percentSeen: 100 });

      const cards = fileCardsResponseSchema.parse((await api(server, `/api/sessions/${session.id}/files/cards?path=two-hundred.ts`)).body);
      expect(cards.file?.cards.map((card) => [card.touch, card.resultSeq - (card.callSeq ?? 0)])).toEqual([
        ['read', 1],
        ['read', 1],
        ['paths', 1],
      ]);
      expect(cards.file?.cards.map((card) => card.resultSeq)).toEqual([1, 3, 7]);
      expect(cards.file?.cards.map((card) => card.window)).toEqual([[1, 20], [101, 134], undefined]);
      expect((await api(server, `/api/sessions/${session.id}/files/cards?path=nothing.ts`)).body).toMatchObject({ file: null });
    } finally {
      await client.close();
    }
    const live = (await files()).body;
    await server.close();

    // Replayed from the log by another server: the same answer.
    const again = await servers.start({ dataDir, toolConfig, workspace: server.workspace });
    expect((await api(again, `/api/sessions/${session.id}/files`)).body).toEqual(live);
  });

  it('is guarded and refuses bad queries', async () => {
    const server = await servers.start();
    const session = await createSession(server);
    const base = `/api/sessions/${session.id}/files`;
    expect((await fetch(`http://127.0.0.1:${server.port}${base}`)).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${server.port}${base}/cards?path=a`)).status).toBe(401);
    for (const bad of ['?after=x', '?after=-2', '?after=1.5']) {
      expect((await api(server, `${base}${bad}`)).body, bad).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
    for (const bad of ['', '?path=', '?path=a%00b']) {
      expect((await api(server, `${base}/cards${bad}`)).body, bad).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    }
    expect((await api(server, base, { method: 'POST' })).status).toBe(405);
    expect((await api(server, '/api/sessions/20990101-000000-abcdef/files')).body).toMatchObject({ error: { code: 'UNKNOWN_SESSION' } });
    expect((await api(server, `${base}/other`)).status).toBe(404);
  });
});
