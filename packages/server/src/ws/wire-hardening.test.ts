import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Socket } from 'node:net';
import { MAX_ARGS_BYTES, MAX_ARGS_NESTING, MAX_FRAME_NESTING } from './inbound-frames';
import { spawnCli, waitForStartUrl, type CliProcess } from '../test-support/cli-process';
import { api, createSession, makeWorkspace, useServers } from '../test-support/server-harness';
import { TestClient } from '../test-support/test-client';
import { CLOSE_SLOW_CONSUMER, CLOSE_TOO_MANY_BAD_FRAMES, MAX_INBOX_BYTES } from './websocket';
import { until } from '../../../tools/src/test-support/until';
import { dataDirLayout, sessionLogPath } from '@toolcards/session';

/** The client's TCP socket: pausing it makes a client that never reads. */
function socketOf(client: TestClient): Socket {
  return (client.ws as unknown as { _socket: Socket })._socket;
}

/**
 * Sends `frame` `count` times, in batches of 2,000 with a turn of the event loop between them
 * (where `sample` runs), and returns how many it sent: fewer only if the socket stopped being
 * open. A count, not a duration, so the flood is the same size on a fast or a slow machine.
 */
async function flood(client: TestClient, frame: string, count: number, sample: () => void = () => {}): Promise<number> {
  let sent = 0;
  while (sent < count && client.ws.readyState === client.ws.OPEN) {
    const batch = Math.min(2_000, count - sent);
    for (let index = 0; index < batch; index += 1) client.ws.send(frame);
    sent += batch;
    sample();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return sent;
}

/** The server's end of every TCP connection accepted in this process, found by the client end's port. */
function acceptedSockets() {
  const byClientPort = new Map<number, Socket>();
  const onAccepted = (message: unknown) => {
    const { socket } = message as { socket: Socket };
    if (socket.remotePort !== undefined) byClientPort.set(socket.remotePort, socket);
  };
  subscribe('net.server.socket', onAccepted);
  afterEach(() => byClientPort.clear());
  afterAll(() => unsubscribe('net.server.socket', onAccepted));
  return {
    serverEndOf(client: TestClient): Socket {
      const socket = byClientPort.get(socketOf(client).localPort!);
      if (!socket) throw new Error('no server socket was accepted for this client in this process');
      return socket;
    },
  };
}

function rssMegabytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Math.round(Number(match?.[1] ?? 0) / 1024);
}

describe('the WebSocket under attack', { timeout: 60_000 }, () => {
  const servers = useServers();
  const accepted = acceptedSockets();
  const running: CliProcess[] = [];
  afterEach(() => {
    for (const cli of running.splice(0)) if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
  });

  // Before: RangeError from zod in the message handler, the process exits (issue 11, break 1).
  it('answers a run-tool frame nested 100,000 deep with BAD_FRAME and keeps serving', async () => {
    const server = await servers.start();
    const session = await createSession(server);
    const client = await TestClient.connect(server.port, { token: server.token });
    const depth = 100_000;
    client.send(`{"type":"run-tool","sessionId":"${session.id}","requestId":"deep","name":"read","args":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    const error = await client.waitForFrame('error');
    expect(error).toEqual({
      type: 'error',
      code: 'BAD_FRAME',
      message: `args nested deeper than ${MAX_ARGS_NESTING} levels`,
      sessionId: session.id,
      requestId: 'deep',
    });
    // Deep objects as well as arrays, anywhere in the frame.
    client.send(`{"type":"cancel","sessionId":"${session.id}","x":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`);
    const second = await client.waitFor((frames) => frames.filter((frame) => frame.type === 'error')[1], 'the second refusal');
    expect(second).toMatchObject({ code: 'BAD_FRAME', message: expect.stringContaining(`more than ${MAX_FRAME_NESTING} levels deep`) });

    // Still serving: the same connection subscribes and runs a tool.
    client.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    client.send({ type: 'run-tool', sessionId: session.id, name: 'read', args: { path: 'README.md' } });
    await client.waitFor(() => client.events().find((event) => event.type === 'tool/result'), 'the read result');
    expect(client.closed).toBeUndefined();
    expect((await api(server, '/api/info')).status).toBe(200);
    await client.close();
  });

  // Before: one 1 MB run-tool frame of small nested arrays (8,500 arrays 60 deep) held the event loop
  // 2.3–3.6 s; 20 at once took the built server from 71 to 1,650 MB RSS and /api/info waited 20.5 s (issue 24, break 5).
  it('refuses 20 one-megabyte run-tool frames (nested arrays, one long pattern) at once from their text, and keeps serving another client', async () => {
    const root = await servers.tempDir();
    const workspace = await makeWorkspace(join(root, 'workspace'));
    const cli = spawnCli([workspace, '--port', '0', '--data-dir', join(root, 'data'), '--no-open']);
    running.push(cli);
    const { port, token } = await waitForStartUrl(cli);
    const pid = cli.child.pid!;
    const server = { port, token };
    const session = await createSession(server);
    const attackers = await Promise.all(Array.from({ length: 20 }, () => TestClient.connect(port, { token })));
    const watcher = await TestClient.connect(port, { token });
    await Promise.all([...attackers, watcher].map((client) => client.waitForFrame('hello')));
    watcher.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    await watcher.waitForFrame('caught-up');
    const before = rssMegabytes(pid);

    const nested = '['.repeat(60) + ']'.repeat(60);
    // The web client's key order: requestId after the args.
    const deep = `{"type":"run-tool","sessionId":"${session.id}","name":"read","args":[${Array.from({ length: 8_500 }, () => nested).join(',')}],"requestId":"big"}`;
    const wide = `{"type":"run-tool","sessionId":"${session.id}","name":"grep","args":{"pattern":"${'a'.repeat(1_000_000)}"},"requestId":"big"}`;
    expect(deep.length).toBeGreaterThan(1_000_000);
    attackers.forEach((attacker, index) => attacker.send(index % 2 === 0 ? deep : wide));
    // Another client is served meanwhile.
    watcher.send({ type: 'run-tool', sessionId: session.id, name: 'read', args: { path: 'README.md' } });
    let peak = before;
    const refusals = await Promise.all(
      attackers.map(async (attacker) => {
        const error = await attacker.waitForFrame('error');
        peak = Math.max(peak, rssMegabytes(pid));
        return error;
      }),
    );
    await watcher.waitFor(() => watcher.events().find((event) => event.type === 'tool/result'), 'the read result');
    peak = Math.max(peak, rssMegabytes(pid));

    refusals.forEach((error, index) => {
      expect(error).toEqual({
        type: 'error',
        code: 'BAD_FRAME',
        message: expect.stringContaining(index % 2 === 0 ? `args nested deeper than ${MAX_ARGS_NESTING} levels` : `args larger than ${MAX_ARGS_BYTES / 1024} KiB`),
        sessionId: session.id,
        requestId: 'big',
      });
    });
    console.info(`20 one-megabyte run-tool frames: server RSS ${before} MB before, ${peak} MB peak`);
    expect(peak - before).toBeLessThan(150);
    // Nothing of them was logged: the session holds only the watcher's read.
    expect(watcher.events().filter((event) => event.type === 'tool/call')).toHaveLength(1);
    expect((await api(server, '/api/info')).status).toBe(200);
    await Promise.all([...attackers, watcher].map((client) => client.close()));
  });

  // Before: frames that arrived while a session opened were all read and held, however many bytes they came to.
  it('stops reading a client whose frames wait past the inbox bound while a session opens, and then handles every one', async () => {
    const root = await servers.tempDir();
    const dataDir = join(root, 'data');
    const workspace = await makeWorkspace(join(root, 'workspace'));
    const first = await servers.start({ dataDir, workspace });
    const session = await createSession(first);
    await first.close();
    // A long log, so that opening the session again takes a while.
    const time = new Date().toISOString();
    const filler = 'x'.repeat(1_000);
    const lines = Array.from({ length: 30_000 }, (_, seq) => JSON.stringify({ seq, time, type: 'user/message', data: { text: filler } }));
    appendFileSync(sessionLogPath(dataDirLayout(dataDir), session.id), lines.join('\n') + '\n');

    const server = await servers.start({ dataDir, workspace });
    const client = await TestClient.connect(server.port, { token: server.token });
    await client.waitForFrame('hello');
    const serverEnd = accepted.serverEndOf(client);
    const frames = 16;
    client.send({ type: 'subscribe', sessionId: session.id, afterSeq: 29_999 });
    const text = 'm'.repeat(1_000_000);
    for (let index = 0; index < frames; index += 1) client.send({ type: 'user-message', sessionId: session.id, text });
    let readWhileOpening = 0;
    await client.waitFor((received) => {
      readWhileOpening = Math.max(readWhileOpening, serverEnd.bytesRead);
      return received.some((frame) => frame.type === 'subscribed') ? true : undefined;
    }, 'the session to open');
    console.info(`inbox: ${Math.round(readWhileOpening / 1024)} KiB read of ${Math.round(socketOf(client).bytesWritten / 1024)} KiB sent while the session opened`);
    expect(readWhileOpening).toBeLessThan(MAX_INBOX_BYTES + 3 * 1024 * 1024);
    expect(socketOf(client).bytesWritten).toBeGreaterThan(frames * 1_000_000);
    // Nothing is lost: every message is logged and delivered, in order.
    await client.waitFor(() => (client.events(session.id).filter((event) => event.type === 'user/message').length === frames ? true : undefined), `${frames} messages`);
    expect(client.closed).toBeUndefined();
    await client.close();
  });

  // Before: 2.9 million one-byte frames in 8 s took the server from 108 MB to 1,095 MB RSS,
  // the connection stayed open, and RSS was still 1,171 MB after the client was dropped (break 4).
  it('closes a client that never reads and keeps sending the one-byte frame `1`; RSS stays bounded', async () => {
    const root = await servers.tempDir();
    const workspace = await makeWorkspace(join(root, 'workspace'));
    const cli = spawnCli([workspace, '--port', '0', '--data-dir', join(root, 'data'), '--no-open']);
    running.push(cli);
    const { port, token } = await waitForStartUrl(cli);
    const pid = cli.child.pid!;
    const client = await TestClient.connect(port, { token });
    await client.waitForFrame('hello');
    const before = rssMegabytes(pid);

    socketOf(client).pause();
    let peak = before;
    // The server closes at the 33rd frame and cuts the socket 5 s later (its close grace):
    // the flood, about a second here, ends well before that.
    const sent = await flood(client, '1', 100_000, () => {
      peak = Math.max(peak, rssMegabytes(pid));
    });
    peak = Math.max(peak, rssMegabytes(pid));
    socketOf(client).resume();

    const closed = await client.waitForClose();
    expect(closed).toEqual({ code: CLOSE_TOO_MANY_BAD_FRAMES, reason: 'too many bad frames' });
    const last = client.frames.at(-1);
    expect(last).toMatchObject({ type: 'error', code: 'BAD_FRAME', message: expect.stringMatching(/more than \d+ bad frames within \d+ s and is being closed/) });
    // The bad frames before the cut were each answered; the rest were not.
    const refusals = client.frames.filter((frame) => frame.type === 'error').length;
    expect(refusals).toBeLessThan(100);
    expect(refusals).toBeGreaterThan(32);

    console.info(`flood: ${sent} frames; server RSS ${before} MB before, ${peak} MB peak, ${refusals} error frames then close ${closed.code}`);
    expect(sent).toBe(100_000);
    expect(peak - before).toBeLessThan(150);
    // The server still answers, and holds nothing for the dropped client.
    const info = await fetch(`http://127.0.0.1:${port}/api/info`, { headers: { Authorization: `Bearer ${token}` } });
    expect(info.status).toBe(200);
    expect(rssMegabytes(pid)).toBeLessThan(before + 150);
  });

  // Before: error replies were sent whatever the socket held; 200k of them queued for a client that never reads.
  it('sends error replies through the buffered-bytes bound: a client that never reads is dropped as a slow consumer', async () => {
    const server = await servers.start({
      deliveryLimits: { maxBufferedBytes: 64 * 1024 },
      // Out of the way: this test is about the bytes, not the count.
      badFrameLimits: { maxBadFrames: 1e9, windowMs: 1_000 },
    });
    const client = await TestClient.connect(server.port, { token: server.token });
    await client.waitForFrame('hello');
    socketOf(client).pause();
    // Each refusal echoes the (clipped) type and sessionId: ~330 bytes. 100k of them fill the
    // kernel's socket buffers (~10 MB on loopback here) several times over.
    const unknownType = JSON.stringify({ type: 'x'.repeat(100), sessionId: 'y'.repeat(100) });
    const sent = await flood(client, unknownType, 100_000);
    // Before this client reads again, the server (same process) has read every byte it wrote,
    // and so answered every frame: the replies are queued as each frame arrives, with no I/O between.
    const serverEnd = accepted.serverEndOf(client);
    await until(() => serverEnd.destroyed || serverEnd.bytesRead === socketOf(client).bytesWritten, () => `the server to read all ${socketOf(client).bytesWritten} bytes (read ${serverEnd.bytesRead})`);
    socketOf(client).resume();
    const closed = await client.waitForClose();
    expect(closed.code).toBe(CLOSE_SLOW_CONSUMER);
    expect(client.frames.at(-1)).toMatchObject({ type: 'error', code: 'SLOW_CONSUMER' });
    // Replies stopped at the bound (plus what the kernel buffers held), far short of one per frame.
    expect(client.frames.length).toBeLessThan(sent / 2);
  });

  it('lets a client that sends a few bad frames keep its connection', async () => {
    const server = await servers.start();
    const session = await createSession(server);
    const client = await TestClient.connect(server.port, { token: server.token });
    for (let index = 0; index < 10; index += 1) client.send('1');
    await client.waitFor((frames) => (frames.filter((frame) => frame.type === 'error').length === 10 ? true : undefined), 'ten refusals');
    client.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    await client.waitForFrame('caught-up');
    expect(client.closed).toBeUndefined();
    await client.close();
  });
});
