import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '@toolcards/protocol';
// The session package's full-disk helper: a real tmpfs, mounted per test.
import { canMountTmpfs, fillDisk, useSmallTmpfs } from '../../../session/src/test-support';
import { createSession, useServers } from '../test-support/server-harness';
import { TestClient } from '../test-support/test-client';

type ErrorFrame = Extract<ServerFrame, { type: 'error' }>;

/** The error frames a client got, without their messages. */
function errorsOf(client: TestClient): Omit<ErrorFrame, 'message'>[] {
  return client.frames.filter((frame): frame is ErrorFrame => frame.type === 'error').map(({ message: _message, ...rest }) => rest);
}

/**
 * A frame whose handling fails answers with the failure's own wire code, not INTERNAL:
 * the client can tell "the disk is full" and "another process writes this session" from
 * a bug. The client here never subscribed, so the only error frames it gets are replies.
 */
describe('error frames for a frame that failed', () => {
  const servers = useServers();
  const smallDisk = useSmallTmpfs(64 * 1024);

  it('say SESSION_BUSY when another server holds the session for writing', async () => {
    const first = await servers.start();
    const session = await createSession(first);
    // A second server on the same data dir can open the session, but not write it: the first holds its lock.
    const second = await servers.start({ dataDir: first.dataDir, workspace: first.workspace });
    const client = await TestClient.connect(second.port, { token: second.token });
    client.send({ type: 'user-message', sessionId: session.id, text: 'hello' });
    client.send({ type: 'run-tool', sessionId: session.id, name: 'read', args: { path: 'README.md' }, requestId: 'r1' });
    await client.waitFor((frames) => (frames.filter((frame) => frame.type === 'error').length >= 2 ? true : undefined), 'two error frames');
    expect(errorsOf(client)).toEqual([
      { type: 'error', code: 'SESSION_BUSY', sessionId: session.id },
      { type: 'error', code: 'SESSION_BUSY', sessionId: session.id, requestId: 'r1' },
    ]);
    // Told what to do, without the data dir's path.
    const messages = client.frames.flatMap((frame) => (frame.type === 'error' ? [frame.message] : []));
    for (const message of messages) {
      expect(message).toMatch(/is open for writing in .+; stop that process or open the session there/);
      expect(message).not.toContain(first.dataDir);
    }
    await client.close();
  });

  it.skipIf(!canMountTmpfs)('say LOG_WRITE_FAILED when the disk refuses the event', async () => {
    const dataDir = await smallDisk();
    const server = await servers.start({ dataDir });
    const session = await createSession(server);
    fillDisk(join(dataDir, 'filler'));
    const client = await TestClient.connect(server.port, { token: server.token });
    // Larger than a page: a short line would still fit in the part of the log's last page left free.
    const long = 'x'.repeat(16 * 1024);
    client.send({ type: 'user-message', sessionId: session.id, text: long });
    client.send({ type: 'run-tool', sessionId: session.id, name: 'read', args: { path: 'README.md', note: long }, requestId: 'r1' });
    await client.waitFor((frames) => (frames.filter((frame) => frame.type === 'error').length >= 2 ? true : undefined), 'two error frames');
    expect(errorsOf(client)).toEqual([
      { type: 'error', code: 'LOG_WRITE_FAILED', sessionId: session.id },
      { type: 'error', code: 'LOG_WRITE_FAILED', sessionId: session.id, requestId: 'r1' },
    ]);
    await client.close();
  });
});

