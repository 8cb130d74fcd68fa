import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnCli, waitForStartUrl, type CliProcess } from '../test-support/cli-process';
import { api, createSession, makeWorkspace, useServers } from '../test-support/server-harness';
import { historyItem } from '../runtime/subscription/history-item';
import type { EventView } from '../runtime/view-computation';
import { TestClient, type EventFrame } from '../test-support/test-client';

/** What a client renders: each event with its view. */
/** What a card is drawn from: history sends results lean, so live frames are compared in that form. */
function rendered(frames: EventFrame[]) {
  return frames.map(({ event, view }) => historyItem(event, view as EventView));
}

// Each test starts real processes through tsx: slow on a busy machine.
describe('the toolcards command', { timeout: 60_000 }, () => {
  const servers = useServers();
  const running: CliProcess[] = [];
  afterEach(() => {
    for (const cli of running.splice(0)) if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
  });

  function start(args: string[]): CliProcess {
    const cli = spawnCli(args);
    running.push(cli);
    return cli;
  }

  it('keeps the access token across restarts until --rotate-token replaces it, and then refuses the old one', async () => {
    const root = await servers.tempDir();
    const workspace = await makeWorkspace(join(root, 'workspace'));
    const args = [workspace, '--port', '0', '--data-dir', join(root, 'data'), '--no-open'];
    const first = start(args);
    const { token } = await waitForStartUrl(first);
    first.child.kill('SIGTERM');
    await first.exited;

    const rotated = start([...args, '--rotate-token']);
    const fresh = await waitForStartUrl(rotated);
    expect(fresh.token).not.toBe(token);
    expect((await api({ port: fresh.port, token }, '/api/info')).status).toBe(401);
    expect((await api(fresh, '/api/info')).status).toBe(200);
    expect((await readFile(join(root, 'data', 'token'), 'utf8')).trim()).toBe(fresh.token);
  });

  it('survives SIGKILL mid-session: the session replays with views identical to live', async () => {
    const root = await servers.tempDir();
    const workspace = await makeWorkspace(join(root, 'workspace'));
    const dataDir = join(root, 'data');
    const args = [workspace, '--port', '0', '--data-dir', dataDir, '--no-open'];

    const first = start(args);
    const { port, token } = await waitForStartUrl(first);
    const session = await createSession({ port, token });
    const live = await TestClient.connect(port, { token });
    live.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    live.send({ type: 'run-tool', sessionId: session.id, name: 'read', args: { path: 'src/app.ts' } });
    live.send({ type: 'run-tool', sessionId: session.id, name: 'grep', args: { pattern: 'TODO' } });
    live.send({ type: 'run-tool', sessionId: session.id, name: 'glob', args: { pattern: '**/*.ts' } });
    live.send({ type: 'run-tool', sessionId: session.id, name: 'read', args: { path: 'missing.ts' } });
    live.send({ type: 'user-message', sessionId: session.id, text: 'what does main return?' });
    await live.waitFor(() => (live.eventFrames().length === 9 ? true : undefined), 'nine events');
    // Tools run concurrently: pair each result with its call to check the cards.
    const callNames = new Map(live.events().flatMap((event) => (event.type === 'tool/call' ? [[event.data.callId, `${event.data.name} ${JSON.stringify(event.data.args)}`]] : [])));
    const cards = Object.fromEntries(
      live.eventFrames().flatMap(({ event, view }) => (event.type === 'tool/result' ? [[callNames.get(event.data.callId), (view as { card: string } | undefined)?.card ?? 'none']] : [])),
    );
    expect(cards).toEqual({
      'read {"path":"src/app.ts"}': 'read',
      'grep {"pattern":"TODO"}': 'search',
      'glob {"pattern":"**/*.ts"}': 'search',
      'read {"path":"missing.ts"}': 'none', // an error result: the client draws the generic card
    });

    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    await live.waitForClose();

    const second = start(args);
    const restarted = await waitForStartUrl(second);
    expect(restarted.token).toBe(token); // kept in the data dir: open tabs get back in after a restart
    const replay = await TestClient.connect(restarted.port, { token: restarted.token });
    replay.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    await replay.waitForFrame('caught-up');
    expect(rendered(replay.eventFrames())).toEqual(rendered(live.eventFrames()));
    // The index was not saved before the kill: the listing rescans the log.
    const listed = await api(restarted, '/api/sessions');
    expect(listed.body.sessions).toEqual([expect.objectContaining({ id: session.id, eventCount: 9, title: 'Read src/app.ts' })]);
    await replay.close();

    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(second.stderr()).toContain('stopped');
  });

  it('replays a log with a torn last line and a corrupt middle line, and keeps appending', async () => {
    const server = await servers.start();
    const session = await createSession(server);
    const client = await TestClient.connect(server.port, { token: server.token });
    client.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    client.send({ type: 'run-tool', sessionId: session.id, name: 'read', args: { path: 'README.md' } });
    await client.waitFor(() => client.events().find((event) => event.type === 'tool/result'), 'the result');
    client.send({ type: 'user-message', sessionId: session.id, text: 'one' });
    await client.waitFor(() => (client.events().length === 3 ? true : undefined), 'three events');
    const live = rendered(client.eventFrames());
    await client.close();
    await server.close();

    // Corrupt line 3 (seq 1, the read result) and tear a last line, as a crash mid-write would.
    const logPath = join(server.dataDir, 'sessions', `${session.id}.jsonl`);
    const lines = (await readFile(logPath, 'utf8')).split('\n');
    lines[2] = '{"seq":1,"time":"…broken';
    await writeFile(logPath, lines.join('\n'));
    await appendFile(logPath, '{"seq":3,"time":"2025-01-01T00:00:00.000Z","type":"user/mess');

    const restarted = await servers.start({ dataDir: server.dataDir, workspace: server.workspace });
    const opened = await api(restarted, `/api/sessions/${session.id}`);
    expect(opened.body.problems).toEqual([{ line: 3, message: expect.stringContaining('not valid JSON') }, { line: 4, message: expect.stringContaining('seq jumps from 0 to 2') }]);
    expect(restarted.problems.join('\n')).toMatch(/line 3: not valid JSON[\s\S]*line 5: last line was cut short/);
    const replay = await TestClient.connect(restarted.port, { token: restarted.token });
    replay.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    await replay.waitForFrame('caught-up');
    // The call whose result was lost is closed on reopen, so its card does not stay pending.
    const frames = rendered(replay.eventFrames());
    expect(frames.slice(0, 2)).toEqual([live[0], live[2]]);
    expect(frames[2]?.event).toMatchObject({ seq: 3, type: 'tool/result', data: { isError: true, error: { code: 'TOOL_ABORTED' } } });
    replay.send({ type: 'user-message', sessionId: session.id, text: 'two' });
    await replay.waitFor(() => replay.events().find((event) => event.seq === 4), 'the next event');
    await replay.close();
  });

  it('refuses to start on a taken port with a clear message and a non-zero exit', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const root = await servers.tempDir();
      const cli = start([await makeWorkspace(join(root, 'w')), '--port', String(port), '--data-dir', join(root, 'data')]);
      const { code } = await cli.exited;
      expect(code).toBe(1);
      expect(cli.stderr()).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(cli.stderr()).toContain(`--port ${port + 1}`);
    } finally {
      blocker.close();
    }
  });

  it('refuses a workspace that does not exist, and bad options, with usage', async () => {
    const root = await servers.tempDir();
    const missing = start([join(root, 'nope'), '--port', '0', '--data-dir', join(root, 'data')]);
    expect((await missing.exited).code).toBe(1);
    expect(missing.stderr()).toContain('does not exist');
    const bad = start(['--port', 'eighty']);
    expect((await bad.exited).code).toBe(2);
    expect(bad.stderr()).toContain('--port needs a number');
    expect(bad.stderr()).toContain('Usage:');
  });

  it('runs the tool subcommand', async () => {
    const root = await servers.tempDir();
    const workspace = await makeWorkspace(join(root, 'w'));
    const cli = start(['tool', 'read', '{"path":"src/app.ts"}', '--workspace', workspace]);
    expect((await cli.exited).code).toBe(0);
    expect(cli.stdout()).toContain('2: export function main(): number {');
  });
});
