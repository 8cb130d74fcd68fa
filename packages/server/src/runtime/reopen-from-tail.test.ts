import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '@toolcards/protocol';
import { SessionLog } from '@toolcards/session';
import { createSession, useServers } from '../test-support/server-harness';
import { TestClient } from '../test-support/test-client';

type HistoryEndFrame = Extract<ServerFrame, { type: 'history-end' }>;

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}

/**
 * A session whose log is larger than the tail window (several MiB, more than 512 events) is
 * opened from its tail: the first screen, then older pages (which need the replay from the
 * start), a call logged long before the tail, a torn last line, appending and resuming after it.
 */
describe('a long session reopened from its tail', () => {
  const servers = useServers();

  it('serves the tail, every older page, the views of calls before it, then appends and resumes', async () => {
    const first = await servers.start();
    const session = await createSession(first);
    const producer = await TestClient.connect(first.port, { token: first.token });
    producer.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    producer.send({ type: 'run-tool', sessionId: session.id, name: 'read', args: { path: 'src/app.ts' } });
    await producer.waitFor(() => (producer.events(session.id).some((event) => event.type === 'tool/result') ? true : undefined), 'the read result');
    await producer.close();
    await first.close();
    const path = join(first.dataDir, 'sessions', `${session.id}.jsonl`);
    // 3,000 messages of 2 KB (≈ 6 MB): more than the first 1 MiB window and its 512 events.
    const { log } = await SessionLog.open(path);
    for (let i = 0; i < 3_000; i += 1) log.append({ type: 'user/message', data: { text: `m${i} ${'x'.repeat(2_000)}` } });
    log.close();
    await appendFile(path, '{"seq":3002,"time":"2025');
    const lastSeq = 3_001;

    const server = await servers.start({ dataDir: first.dataDir, workspace: first.workspace });
    const reader = await TestClient.connect(server.port, { token: server.token });
    reader.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1, tail: 200 });
    await reader.waitForFrame('caught-up');
    expect(reader.frames.find((frame) => frame.type === 'subscribed')).toMatchObject({ fromSeq: lastSeq + 1 - 200, lastSeq });
    expect(reader.events(session.id).map((event) => event.seq)).toEqual(range(lastSeq + 1 - 200, lastSeq + 1));

    // Older pages back to the first event, as a page scrolling up asks for them.
    let beforeSeq = lastSeq + 1 - 200;
    while (beforeSeq > 0) {
      const from = reader.frames.length;
      reader.send({ type: 'load-history', sessionId: session.id, beforeSeq, limit: 700 });
      const end = (await reader.waitForFrame('history-end', (frame) => frame.sessionId === session.id, from)) as HistoryEndFrame;
      expect(end.fromSeq).toBeLessThan(beforeSeq);
      beforeSeq = end.fromSeq;
    }
    const seqs = reader.events(session.id).map((event) => event.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(range(0, lastSeq + 1));
    // The read logged before the tail keeps its card: its result comes lean, with its view.
    const items = reader.frames.flatMap((frame) => (frame.type === 'history' ? frame.items : []));
    const resultItem = items.find((item) => item.event.type === 'tool/result');
    expect(resultItem?.view).toMatchObject({ card: 'read' });

    // Appending after the tail-first open: the torn line is cut, seqs go on, watchers get it live.
    reader.send({ type: 'run-tool', sessionId: session.id, name: 'read', args: { path: 'src/app.ts' } });
    await reader.waitFor(() => (reader.events(session.id).filter((event) => event.type === 'tool/result').length >= 2 ? true : undefined), 'the second read');
    const appended = reader.events(session.id).filter((event) => event.seq > lastSeq).map((event) => event.seq);
    expect(appended).toEqual([lastSeq + 1, lastSeq + 2]);
    expect(server.problems.some((problem) => /cut short/.test(problem))).toBe(true);

    // Resuming after a reconnect: only what came after the client's last seq.
    const resumed = await TestClient.connect(server.port, { token: server.token });
    resumed.send({ type: 'subscribe', sessionId: session.id, afterSeq: lastSeq - 1, tail: 200 });
    await resumed.waitForFrame('caught-up');
    expect(resumed.events(session.id).map((event) => event.seq)).toEqual([lastSeq, lastSeq + 1, lastSeq + 2]);
    await Promise.all([reader.close(), resumed.close()]);
  });
});
