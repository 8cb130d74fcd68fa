import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionLog } from '@toolcards/session';
import { createSession, useServers } from '../test-support/server-harness';
import { TestClient } from '../test-support/test-client';

/**
 * Issue 11, weak point: viewing a session opened its log writable and held the
 * writer lock until shutdown, so nobody else could write a session someone
 * merely looked at. Now the history is read-only and the first append locks.
 */
describe('viewing a session', () => {
  const servers = useServers();

  it('takes no writer lock; the first append does', async () => {
    const first = await servers.start();
    const session = await createSession(first);
    const writer = await TestClient.connect(first.port, { token: first.token });
    writer.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    writer.send({ type: 'run-tool', sessionId: session.id, name: 'read', args: { path: 'README.md' } });
    await writer.waitFor(() => writer.events().find((event) => event.type === 'tool/result'), 'the result');
    await writer.close();
    await first.close();

    const second = await servers.start({ dataDir: first.dataDir, workspace: first.workspace });
    const logPath = join(first.dataDir, 'sessions', `${session.id}.jsonl`);
    const viewer = await TestClient.connect(second.port, { token: second.token });
    viewer.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    await viewer.waitForFrame('caught-up');
    expect(viewer.events().map((event) => event.type)).toEqual(['tool/call', 'tool/result']);
    expect(existsSync(`${logPath}.lock`)).toBe(false);
    // Anyone may write it meanwhile (here: this very process, which before the fix held the lock).
    const { log } = await SessionLog.open(logPath);
    log.close();

    viewer.send({ type: 'run-tool', sessionId: session.id, name: 'read', args: { path: 'src/app.ts' } });
    await viewer.waitFor(() => viewer.events().find((event) => event.seq === 3 && event.type === 'tool/result'), 'the second result');
    expect(readFileSync(`${logPath}.lock`, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    await viewer.close();
  });
});
