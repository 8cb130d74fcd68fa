import { writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, createSession, useServers } from '../test-support/server-harness';
import { runTools, sendMessages } from '../test-support/session-actions';

describe('GET /api/search', () => {
  const servers = useServers();

  it('finds sessions whose logs hold the query, tool results included, each hit an event of a session', async () => {
    const server = await servers.start();
    await writeFile(join(server.workspace, 'notes.md'), '# Notes\n\nThe flux capacitor needs "1.21 gigawatts".\n');
    const first = await createSession(server);
    const second = await createSession(server);
    const third = await createSession(server);
    await runTools(server.port, server.token, first.id, [{ name: 'read', args: { path: 'notes.md' } }]);
    await runTools(server.port, server.token, second.id, [{ name: 'grep', args: { pattern: 'capacitor' } }]);
    await runTools(server.port, server.token, third.id, [{ name: 'glob', args: { pattern: '**/*.ts' } }]);

    const answer = await api(server, '/api/search?q=flux%20capacitor');
    expect(answer.status).toBe(200);
    expect(answer.body.sessions).toBe(2);
    const bySession = new Map<string, { seq: number; label: string; snippet: string; ranges: [number, number][] }[]>();
    for (const hit of answer.body.hits) bySession.set(hit.sessionId, [...(bySession.get(hit.sessionId) ?? []), hit]);
    expect([...bySession.keys()].sort()).toEqual([first.id, second.id].sort());
    // The read's result (seq 1, after its call at seq 0): named by its file, the match marked in a one-line snippet.
    const read = bySession.get(first.id)!.find((hit) => hit.seq === 1)!;
    expect(read.label).toBe('read notes.md');
    expect(read.snippet).toContain('The flux capacitor needs');
    const [start, end] = read.ranges[0]!;
    expect(read.snippet.slice(start, end)).toBe('flux capacitor');
    // The grep's result is named by its call, though only the result's line matched.
    expect(bySession.get(second.id)!.map((hit) => [hit.seq, hit.label])).toEqual([[1, 'grep capacitor']]);

    // A quote is searched as the person typed it, though the log stores it JSON-escaped.
    const quoted = await api(server, `/api/search?q=${encodeURIComponent('"1.21 gigawatts"')}`);
    expect(quoted.body.hits.map((hit: { sessionId: string }) => hit.sessionId)).toContain(first.id);

    expect((await api(server, '/api/search?q=FLUX&case=1')).body.hits).toEqual([]);
    expect((await api(server, '/api/search?q=capacit&word=1')).body.hits).toEqual([]);
    expect((await api(server, '/api/search?q=flux%5Cs%2Bcap&regex=1')).body.sessions).toBe(2);
    expect((await api(server, '/api/search?q=nothing-like-this-anywhere')).body).toEqual({ query: 'nothing-like-this-anywhere', hits: [], truncated: false, more: 0, sessions: 0 });
  });

  it('lists a session’s first matching events and counts every other one in “more”', async () => {
    const server = await servers.start();
    const busy = await createSession(server);
    const quiet = await createSession(server);
    await sendMessages(server.port, server.token, busy.id, Array.from({ length: 8 }, (_, index) => `lantern ${index}`));
    await sendMessages(server.port, server.token, quiet.id, ['one lantern']);
    const answer = await api(server, '/api/search?q=lantern');
    expect(answer.status).toBe(200);
    const listed = answer.body.hits.filter((hit: { sessionId: string }) => hit.sessionId === busy.id);
    expect(listed.map((hit: { snippet: string }) => hit.snippet)).toEqual(['lantern 0', 'lantern 1', 'lantern 2', 'lantern 3', 'lantern 4']);
    expect(answer.body.hits.filter((hit: { sessionId: string }) => hit.sessionId === quiet.id)).toHaveLength(1);
    expect(answer.body).toMatchObject({ more: 3, truncated: true, sessions: 2 });
    // The header line (it holds the session's folder) is no event: a query only it matches finds nothing.
    const header = await api(server, `/api/search?q=${encodeURIComponent(basename(dirname(server.workspace)))}`);
    expect(header.body).toMatchObject({ hits: [], more: 0, sessions: 0 });
  });

  it('refuses an empty query and a broken regex with a clear 400, and needs the token', async () => {
    const server = await servers.start();
    await createSession(server);
    expect((await api(server, '/api/search?q=')).body).toMatchObject({ error: { code: 'BAD_REQUEST' } });
    const broken = await api(server, '/api/search?q=(unclosed&regex=1');
    expect(broken.status).toBe(400);
    expect(broken.body.error.message).toMatch(/regex/i);
    expect((await fetch(`http://127.0.0.1:${server.port}/api/search?q=x`)).status).toBe(401);
  });
});
