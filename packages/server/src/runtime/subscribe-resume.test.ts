import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '@toolcards/protocol';
import { createSession, useServers } from '../test-support/server-harness';
import { TestClient } from '../test-support/test-client';

/** user-message frames without a model: each appends one user/message event (plus an error frame to the sender). */
function sendMessages(client: TestClient, sessionId: string, from: number, count: number): void {
  for (let i = from; i < from + count; i += 1) client.send({ type: 'user-message', sessionId, text: `message ${i}` });
}

function seqs(events: SessionEvent[]): number[] {
  return events.map((event) => event.seq);
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i);
}

describe('subscribe and resume', () => {
  const servers = useServers();

  it('sends subscribed, history, caught-up, then live events', async () => {
    const server = await servers.start();
    const session = await createSession(server);
    const producer = await TestClient.connect(server.port, { token: server.token });
    sendMessages(producer, session.id, 0, 3);
    await producer.waitFor((frames) => (frames.filter((frame) => frame.type === 'error').length === 3 ? true : undefined), 'three replies');

    const watcher = await TestClient.connect(server.port, { token: server.token });
    watcher.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    await watcher.waitForFrame('caught-up');
    sendMessages(producer, session.id, 3, 2);
    await watcher.waitFor(() => (watcher.events().length === 5 ? true : undefined), 'five events');

    // History comes batched in one frame; live events one frame each.
    expect(watcher.frames.map((frame) => frame.type)).toEqual(['hello', 'subscribed', 'history', 'caught-up', 'event', 'event']);
    expect(watcher.frames[3]).toEqual({ type: 'caught-up', sessionId: session.id, lastSeq: 2 });
    expect(seqs(watcher.events())).toEqual(range(5));
    expect(watcher.frames[1]).toMatchObject({ type: 'subscribed', sessionId: session.id, header: { type: 'session', id: session.id, cwd: server.workspace }, fromSeq: 0, lastSeq: 2 });
    await Promise.all([producer.close(), watcher.close()]);
  });

  it('resumes after a dropped socket with every event exactly once, in order', async () => {
    const server = await servers.start();
    const session = await createSession(server);
    const producer = await TestClient.connect(server.port, { token: server.token });
    const total = 400;
    const repliesFor = (count: number) => producer.waitFor((frames) => (frames.filter((frame) => frame.type === 'error').length >= count ? true : undefined), `${count} replies`);
    sendMessages(producer, session.id, 0, 150); // history to read (and drop in the middle of)
    await repliesFor(150);

    // The producer keeps appending while the consumer drops and comes back.
    let produced = 150;
    const producing = (async () => {
      while (produced < total) {
        sendMessages(producer, session.id, produced, 5);
        produced += 5;
        await repliesFor(produced);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();

    const received: SessionEvent[] = [];
    let drops = 0;
    while (received.length < total) {
      const consumer = await TestClient.connect(server.port, { token: server.token });
      consumer.send({ type: 'subscribe', sessionId: session.id, afterSeq: received.at(-1)?.seq ?? -1 });
      const wanted = Math.min(25, total - received.length);
      await consumer.waitFor(() => (consumer.events().length >= wanted ? true : undefined), `${wanted} more events`);
      if (received.length + consumer.events().length < total) {
        consumer.ws.terminate(); // no close handshake: frames in flight are lost with the socket
        drops += 1;
        await consumer.waitForClose();
        received.push(...consumer.events());
      } else {
        received.push(...consumer.events());
        await consumer.close();
      }
    }
    await producing;
    expect(drops).toBeGreaterThan(3);
    expect(seqs(received)).toEqual(range(total));
    expect(received.map((event) => event.type === 'user/message' && event.data.text)).toEqual(range(total).map((i) => `message ${i}`));
    await producer.close();
  });

  it('delivers the same ordered stream to 20 clients on one session', async () => {
    const server = await servers.start();
    const session = await createSession(server);
    const producer = await TestClient.connect(server.port, { token: server.token });
    sendMessages(producer, session.id, 0, 30);
    const clients = await Promise.all(Array.from({ length: 20 }, () => TestClient.connect(server.port, { token: server.token })));
    for (const [index, client] of clients.entries()) {
      // Half subscribe from the start, half from the middle of what exists: all must end with the same stream after their seq.
      client.send({ type: 'subscribe', sessionId: session.id, afterSeq: index % 2 === 0 ? -1 : 9 });
    }
    producer.send({ type: 'run-tool', sessionId: session.id, name: 'read', args: { path: 'src/app.ts' } });
    sendMessages(producer, session.id, 30, 30);
    producer.send({ type: 'run-tool', sessionId: session.id, name: 'grep', args: { pattern: 'TODO' } });
    const total = 64; // 60 messages + 2 calls + 2 results
    await Promise.all(clients.map((client, index) => client.waitFor(() => (client.events().length === total - (index % 2 === 0 ? 0 : 10) ? true : undefined), 'all events')));
    const reference = clients[0]!.eventFrames();
    expect(seqs(reference.map((frame) => frame.event))).toEqual(range(total));
    for (const [index, client] of clients.entries()) {
      expect(client.eventFrames()).toEqual(index % 2 === 0 ? reference : reference.slice(10));
    }
    await Promise.all([producer, ...clients].map((client) => client.close()));
  });
});
