import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORY_BATCH_BYTES, MAX_HISTORY_REQUEST, type HistoryItem, type ServerFrame, type SessionEvent } from '@toolcards/protocol';
import { api, createSession, useServers } from '../test-support/server-harness';
import { TestClient, type EventFrame } from '../test-support/test-client';

type HistoryFrame = Extract<ServerFrame, { type: 'history' }>;
type HistoryEndFrame = Extract<ServerFrame, { type: 'history-end' }>;

const TOOL_CALLS = [
  { name: 'read', args: { path: 'src/app.ts' } },
  { name: 'grep', args: { pattern: 'TODO' } },
  { name: 'glob', args: { pattern: '**/*.ts' } },
  { name: 'read', args: { path: 'README.md', offset: 2 } },
  { name: 'read', args: { path: 'no/such/file.ts' } },
  { name: 'grep', args: { pattern: 'twice', include: '*.ts' } },
] as const;

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}

async function connect(server: { port: number; token: string }): Promise<TestClient> {
  return TestClient.connect(server.port, { token: server.token });
}

function waitForEvents(client: TestClient, sessionId: string, count: number): Promise<true> {
  return client.waitFor(() => (client.events(sessionId).length >= count ? true : undefined), `${count} events`);
}

function historyFrames(frames: ServerFrame[], sessionId: string): HistoryFrame[] {
  return frames.filter((frame): frame is HistoryFrame => frame.type === 'history' && frame.sessionId === sessionId);
}

/** The event as a tool result; any other type fails the test here, before its data is read. */
function toolResultOf(event: SessionEvent): Extract<SessionEvent, { type: 'tool/result' }> {
  if (event.type !== 'tool/result') throw new Error(`expected a tool/result event, got ${event.type} (seq ${event.seq})`);
  return event;
}

function historyItems(frames: ServerFrame[], sessionId: string): HistoryItem[] {
  return historyFrames(frames, sessionId).flatMap((frame) => frame.items);
}

/** The event as history sends it when lean: no model-facing content, no meta. */
function leanOf(event: SessionEvent): SessionEvent {
  if (event.type !== 'tool/result') return event;
  const { content: _content, meta: _meta, ...rest } = event.data;
  return { ...event, data: { ...rest, content: [] } };
}

/**
 * What a page of `count` events before `beforeSeq` should start at: widened back to the
 * calls of the results it holds, but never by more than `count` further events.
 */
function expectedPageStart(events: SessionEvent[], beforeSeq: number, count: number): number {
  const callSeq = new Map<string, number>();
  for (const event of events) if (event.type === 'tool/call') callSeq.set(event.data.callId, event.seq);
  const end = Math.min(beforeSeq, events.length);
  if (end === 0) return beforeSeq;
  const floor = Math.max(0, end - 2 * count);
  const asked = Math.max(0, end - count);
  // Only the results of the page asked for pull their calls in (not the ones the widening adds).
  let start = asked;
  for (const event of events.slice(asked, end)) {
    if (event.type !== 'tool/result') continue;
    const seq = callSeq.get(event.data.callId);
    if (seq !== undefined) start = Math.max(floor, Math.min(start, seq));
  }
  return start;
}

/** The view as lean history sends it: a read view without its copy of the model text. */
function leanViewOf(view: unknown): unknown {
  if (typeof view !== 'object' || view === null || (view as { card?: unknown }).card !== 'read') return view;
  const { content: _content, ...rest } = view as Record<string, unknown>;
  return rest;
}

/** Every history item equals what the live watcher got for that seq: same view, same event (lean where marked). */
function expectSameAsLive(items: HistoryItem[], live: Map<number, EventFrame>): void {
  for (const item of items) {
    const seen = live.get(item.event.seq);
    expect(seen, `live frame for seq ${item.event.seq}`).toBeDefined();
    expect(item.view, `view of seq ${item.event.seq}`).toEqual(item.contentOmitted ? leanViewOf(seen!.view) : seen!.view);
    expect(item.event, `event ${item.event.seq}`).toEqual(item.contentOmitted ? leanOf(seen!.event) : seen!.event);
    // Whatever has a view to draw from comes lean.
    if (item.event.type === 'tool/result' && item.view !== undefined && !item.event.data.isError) expect(item.contentOmitted).toBe(true);
  }
}

function liveBySeq(watcher: TestClient, sessionId: string): Map<number, EventFrame> {
  return new Map(watcher.eventFrames(sessionId).map((frame) => [frame.event.seq, frame]));
}

/** Sends a load-history and resolves with its history frames and history-end. */
async function loadHistory(client: TestClient, sessionId: string, beforeSeq: number, limit: number): Promise<{ frames: HistoryFrame[]; end: HistoryEndFrame }> {
  const from = client.frames.length;
  client.send({ type: 'load-history', sessionId, beforeSeq, limit });
  const end = await client.waitForFrame('history-end', (frame) => frame.sessionId === sessionId, from);
  const at = client.frames.indexOf(end);
  return { frames: historyFrames(client.frames.slice(from, at), sessionId), end };
}

describe('tail-first, lean, batched history through the server', () => {
  const servers = useServers();

  /**
   * A session made as a user makes one: tool calls from the composer and messages, in
   * bursts so results land well after their calls. `watcher` sees everything live.
   */
  async function generatedSession(rounds: number) {
    const server = await servers.start();
    const session = await createSession(server);
    const watcher = await connect(server);
    watcher.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    await watcher.waitForFrame('caught-up');
    const producer = await connect(server);
    let total = 0;
    for (let round = 0; round < rounds; round += 1) {
      // Every third round, a burst of calls whose results all come after the whole burst.
      const calls = round % 3 === 2 ? 24 : 8;
      for (let i = 0; i < calls; i += 1) {
        producer.send({ type: 'run-tool', sessionId: session.id, ...TOOL_CALLS[(round + i) % TOOL_CALLS.length]! });
        if (round % 3 !== 2) producer.send({ type: 'user-message', sessionId: session.id, text: `round ${round} message ${i}` });
      }
      total += calls * 2 + (round % 3 === 2 ? 0 : calls);
      await waitForEvents(watcher, session.id, total);
    }
    const events = watcher.events(session.id);
    expect(events.map((event) => event.seq)).toEqual(range(0, total));
    // Everything reached the watcher live, with content and meta.
    expect(historyFrames(watcher.frames, session.id)).toEqual([]);
    return { server, session, watcher, producer, events, total };
  }

  it('opens on the tail, then pages back to the first event, every seq once, views as live', async () => {
    const { server, session, watcher, producer, events, total } = await generatedSession(12);
    expect(total).toBeGreaterThan(250);
    const live = liveBySeq(watcher, session.id);
    const callSeq = new Map(events.flatMap((event) => (event.type === 'tool/call' ? [[event.data.callId, event.seq] as const] : [])));

    const reader = await connect(server);
    const tail = 50;
    reader.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1, tail });
    const caughtUp = await reader.waitForFrame('caught-up');
    expect(caughtUp).toEqual({ type: 'caught-up', sessionId: session.id, lastSeq: total - 1 });
    const subscribed = reader.frames.find((frame) => frame.type === 'subscribed');
    const tailStart = expectedPageStart(events, total, tail);
    expect(subscribed).toMatchObject({ type: 'subscribed', sessionId: session.id, fromSeq: tailStart, lastSeq: total - 1 });
    expect(tailStart).toBeLessThanOrEqual(total - tail);
    expect(tailStart).toBeGreaterThanOrEqual(total - 2 * tail);
    // Only the tail came, in order, before caught-up.
    const types = reader.frames.map((frame) => frame.type);
    expect(types.slice(0, 2)).toEqual(['hello', 'subscribed']);
    expect(types.slice(2, types.indexOf('caught-up')).every((type) => type === 'history')).toBe(true);
    const tailItems = historyItems(reader.frames, session.id);
    expect(tailItems.map((item) => item.event.seq)).toEqual(range(tailStart, total));
    expectSameAsLive(tailItems, live);

    // Scrolling up: pages of 10 until the first event.
    const limit = 10;
    const received: HistoryItem[] = [...tailItems];
    let beforeSeq = tailStart;
    let pages = 0;
    let resultsWithCallInEarlierPage = 0;
    while (beforeSeq > 0) {
      const { frames, end } = await loadHistory(reader, session.id, beforeSeq, limit);
      const expectedStart = expectedPageStart(events, beforeSeq, limit);
      expect(end).toEqual({ type: 'history-end', sessionId: session.id, fromSeq: expectedStart, beforeSeq });
      const items = frames.flatMap((frame) => frame.items);
      expect(items.map((item) => item.event.seq)).toEqual(range(expectedStart, beforeSeq));
      expectSameAsLive(items, live);
      for (const item of items) {
        if (item.event.type === 'tool/result' && callSeq.get(item.event.data.callId)! < end.fromSeq) resultsWithCallInEarlierPage += 1;
      }
      received.unshift(...items);
      beforeSeq = end.fromSeq;
      pages += 1;
    }
    expect(pages).toBeGreaterThan(10);
    // Bursts put results more than one page after their calls: their views still match live.
    expect(resultsWithCallInEarlierPage).toBeGreaterThan(0);
    expect(received.map((item) => item.event.seq)).toEqual(range(0, total));
    const results = received.filter((item) => item.event.type === 'tool/result');
    expect(results.filter((item) => item.view !== undefined).length).toBeGreaterThan(50);

    // What lean items left out comes back, on demand, from the token-guarded result route.
    const lean = results.filter((item) => item.contentOmitted);
    expect(lean.length).toBeGreaterThan(50);
    for (const item of lean.slice(0, 12)) {
      if (item.event.type !== 'tool/result') continue;
      const { callId, isError, content } = (live.get(item.event.seq)!.event as typeof item.event).data;
      const path = `/api/sessions/${session.id}/results/${encodeURIComponent(callId)}`;
      const answer = await api(server, path);
      expect(answer.status, path).toBe(200);
      expect(answer.body).toEqual({ callId, isError, content });
      expect(content.length).toBeGreaterThan(0);
      const anonymous = await fetch(`http://127.0.0.1:${server.port}${path}`);
      expect(anonymous.status).toBe(401);
    }
    const unknown = await api(server, `/api/sessions/${session.id}/results/call_nope`);
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: 'UNKNOWN_RESULT' } } });

    // Nothing before seq 0: an empty answer.
    const first = await loadHistory(reader, session.id, 0, limit);
    expect(first.frames).toEqual([]);
    expect(first.end).toEqual({ type: 'history-end', sessionId: session.id, fromSeq: 0, beforeSeq: 0 });

    // Live events still follow the tail subscription, once each.
    producer.send({ type: 'user-message', sessionId: session.id, text: 'after the reopen' });
    await reader.waitFor(() => reader.frames.find((frame) => frame.type === 'event' && frame.event.seq === total), 'the live event');
    expect(reader.frames.filter((frame) => frame.type === 'event').map((frame) => frame.type === 'event' && frame.event.seq)).toEqual([total]);
    expect(reader.frames.filter((frame) => frame.type === 'error')).toEqual([]);
    await Promise.all([watcher.close(), producer.close(), reader.close()]);
  });

  it('resumes from a seq inside a history frame with no event lost or doubled', async () => {
    const server = await servers.start();
    const session = await createSession(server);
    const producer = await connect(server);
    const count = 120;
    // ~6 KB a message, multi-byte text: several history frames.
    const text = (i: number) => `message ${i} ${'ünïcødé € 😀 '.repeat(300)}`;
    for (let i = 0; i < count; i += 1) producer.send({ type: 'user-message', sessionId: session.id, text: text(i) });
    await producer.waitFor((frames) => (frames.filter((frame) => frame.type === 'error').length >= count ? true : undefined), 'replies');

    const first = await connect(server);
    first.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    await first.waitForFrame('caught-up');
    const frames = historyFrames(first.frames, session.id);
    expect(frames.length).toBeGreaterThanOrEqual(3);
    expect(frames.flatMap((frame) => frame.items.map((item) => item.event.seq))).toEqual(range(0, count));
    const second = frames[1]!.items;
    expect(second.length).toBeGreaterThan(4);
    const resumePoints = [second[0]!.event.seq, second[Math.floor(second.length / 2)]!.event.seq, second.at(-1)!.event.seq, frames.at(-1)!.items[1]!.event.seq];

    let total = count;
    for (const afterSeq of resumePoints) {
      const resumed = await connect(server);
      resumed.send({ type: 'subscribe', sessionId: session.id, afterSeq });
      // Appends while the resumed client reads its history.
      for (let i = 0; i < 5; i += 1) producer.send({ type: 'user-message', sessionId: session.id, text: text(total + i) });
      total += 5;
      await waitForEvents(resumed, session.id, total - afterSeq - 1);
      await resumed.waitForFrame('caught-up');
      const subscribed = resumed.frames.find((frame) => frame.type === 'subscribed');
      expect(subscribed).toMatchObject({ fromSeq: afterSeq + 1 });
      const got = resumed.events(session.id);
      expect(got.map((event) => event.seq)).toEqual(range(afterSeq + 1, total));
      expect(got.map((event) => event.type === 'user/message' && event.data.text)).toEqual(range(afterSeq + 1, total).map(text));
      await resumed.close();
    }
    await Promise.all([producer.close(), first.close()]);
  });

  it('sends results lean in history: no content or meta, the same view as live', async () => {
    const server = await servers.start();
    const session = await createSession(server);
    const watcher = await connect(server);
    watcher.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    await watcher.waitForFrame('caught-up');
    for (const call of TOOL_CALLS) watcher.send({ type: 'run-tool', sessionId: session.id, ...call });
    await waitForEvents(watcher, session.id, TOOL_CALLS.length * 2);
    const live = liveBySeq(watcher, session.id);

    const reader = await connect(server);
    reader.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    await reader.waitForFrame('caught-up');
    const items = historyItems(reader.frames, session.id);
    expect(items.map((item) => item.event.seq)).toEqual(range(0, TOOL_CALLS.length * 2));
    expectSameAsLive(items, live);

    const callNames = new Map(items.flatMap((item) => (item.event.type === 'tool/call' ? [[item.event.data.callId, item.event.data.name] as const] : [])));
    const reads = items.filter((item) => item.event.type === 'tool/result' && callNames.get(item.event.data.callId) === 'read' && !item.event.data.isError);
    expect(reads).toHaveLength(2);
    for (const item of reads) {
      const liveFrame = live.get(item.event.seq)!;
      // Live: the model text and the meta, besides the view.
      const liveResult = toolResultOf(liveFrame.event);
      expect(liveResult.data.content.length).toBeGreaterThan(0);
      expect(liveResult.data.meta).toBeDefined();
      // History: only the view.
      expect(item.contentOmitted).toBe(true);
      expect(toolResultOf(item.event).data.content).toEqual([]);
      expect('meta' in item.event.data).toBe(false);
      expect(item.view).toMatchObject({ card: 'read' });
      // The same view, less its copy of the model text (the read card draws the lines).
      expect(item.view).toEqual(leanViewOf(liveFrame.view));
      expect((liveFrame.view as { content?: string }).content).toBeDefined();
      expect('content' in (item.view as object)).toBe(false);
    }
    // A failed read carries its error code, so it goes lean too.
    const failed = items.find((item) => item.event.type === 'tool/result' && item.event.data.isError);
    expect(failed).toMatchObject({ contentOmitted: true, event: { data: { content: [], error: { code: 'FS_NOT_FOUND' } } } });
    // Searches draw from their view as well.
    const searches = items.filter((item) => item.event.type === 'tool/result' && ['grep', 'glob'].includes(callNames.get(item.event.data.callId)!));
    expect(searches).toHaveLength(3);
    for (const item of searches) expect(item).toMatchObject({ contentOmitted: true, view: { card: 'search' } });
    await Promise.all([watcher.close(), reader.close()]);
  });

  it('answers a bad load-history with BAD_FRAME and clamps beforeSeq to the end', async () => {
    const server = await servers.start();
    const session = await createSession(server);
    const client = await connect(server);
    const count = 30;
    for (let i = 0; i < count; i += 1) client.send({ type: 'user-message', sessionId: session.id, text: `m${i}` });
    await client.waitFor((frames) => (frames.filter((frame) => frame.type === 'error').length >= count ? true : undefined), 'replies');
    const before = client.frames.length;

    for (const bad of [
      { beforeSeq: -1, limit: 5 },
      { beforeSeq: 3, limit: 0 },
      { beforeSeq: 3, limit: MAX_HISTORY_REQUEST + 1 },
      { beforeSeq: 1.5, limit: 5 },
    ]) {
      client.send({ type: 'load-history', sessionId: session.id, ...bad });
    }
    const errors = await client.waitFor((frames) => {
      const found = frames.slice(before).filter((frame) => frame.type === 'error');
      return found.length >= 4 ? found : undefined;
    }, 'four errors');
    expect(errors.map((frame) => frame.type === 'error' && frame.code)).toEqual(['BAD_FRAME', 'BAD_FRAME', 'BAD_FRAME', 'BAD_FRAME']);
    expect(errors.map((frame) => frame.type === 'error' && frame.message)).toEqual([
      expect.stringMatching(/load-history.*beforeSeq/),
      expect.stringMatching(/load-history.*limit/),
      expect.stringMatching(/load-history.*limit/),
      expect.stringMatching(/load-history.*beforeSeq/),
    ]);
    expect(historyFrames(client.frames, session.id)).toEqual([]);

    // Far past the end: the last events.
    const { frames, end } = await loadHistory(client, session.id, 1_000_000, 7);
    expect(end).toEqual({ type: 'history-end', sessionId: session.id, fromSeq: count - 7, beforeSeq: count });
    expect(frames.flatMap((frame) => frame.items.map((item) => item.event.seq))).toEqual(range(count - 7, count));
    // A request for more than there is: everything.
    const all = await loadHistory(client, session.id, count, MAX_HISTORY_REQUEST);
    expect(all.end).toMatchObject({ fromSeq: 0, beforeSeq: count });
    expect(all.frames.flatMap((frame) => frame.items.map((item) => item.event.seq))).toEqual(range(0, count));
    // A tail longer than the session: all of it.
    const reader = await connect(server);
    reader.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1, tail: MAX_HISTORY_REQUEST });
    await reader.waitForFrame('caught-up');
    expect(reader.frames.find((frame) => frame.type === 'subscribed')).toMatchObject({ fromSeq: 0, lastSeq: count - 1 });
    expect(reader.events(session.id).map((event) => event.seq)).toEqual(range(0, count));
    // A resume point inside the tail wins: nothing the client holds comes again.
    const resumed = await connect(server);
    resumed.send({ type: 'subscribe', sessionId: session.id, afterSeq: count - 3, tail: 10 });
    await resumed.waitForFrame('caught-up');
    expect(resumed.frames.find((frame) => frame.type === 'subscribed')).toMatchObject({ fromSeq: count - 2, lastSeq: count - 1 });
    expect(resumed.events(session.id).map((event) => event.seq)).toEqual([count - 2, count - 1]);
    // A tail of 0 is not a request.
    resumed.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1, tail: 0 });
    expect(await resumed.waitForFrame('error')).toMatchObject({ code: 'BAD_FRAME', message: expect.stringMatching(/subscribe.*tail/) });
    await resumed.close();
    // The socket and the server survived the bad frames.
    expect(client.closed).toBeUndefined();
    expect(server.problems).toEqual([]);
    await Promise.all([client.close(), reader.close()]);
  });

  it('reopens a log a crash left damaged with every event replay accepts, in the tail and older pages', async () => {
    const first = await servers.start();
    const session = await createSession(first);
    const producer = await connect(first);
    const count = 40;
    for (let i = 0; i < count; i += 1) producer.send({ type: 'user-message', sessionId: session.id, text: `m${i}` });
    await producer.waitFor((frames) => (frames.filter((frame) => frame.type === 'error').length >= count ? true : undefined), 'replies');
    await producer.close();
    await first.close();
    const path = join(first.dataDir, 'sessions', `${session.id}.jsonl`);
    const lines = (await readFile(path, 'utf8')).split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(count + 1);
    // A corrupt line with a seq far ahead in the middle, and a last event whose newline was never written.
    lines.splice(11, 0, JSON.stringify({ seq: 1_000_000, time: 'garbage', type: 'user/message', data: {} }));
    await writeFile(path, lines.join('\n'));

    const server = await servers.start({ dataDir: first.dataDir, workspace: first.workspace });
    const reader = await connect(server);
    reader.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1, tail: 5 });
    await reader.waitForFrame('caught-up');
    expect(reader.frames.find((frame) => frame.type === 'subscribed')).toMatchObject({ fromSeq: count - 5, lastSeq: count - 1 });
    expect(reader.events(session.id).map((event) => event.seq)).toEqual(range(count - 5, count));
    let beforeSeq = count - 5;
    const older: number[] = [];
    while (beforeSeq > 0) {
      const { frames, end } = await loadHistory(reader, session.id, beforeSeq, 10);
      older.unshift(...frames.flatMap((frame) => frame.items.map((item) => item.event.seq)));
      expect(end.beforeSeq).toBe(beforeSeq);
      expect(end.fromSeq).toBeLessThan(beforeSeq);
      beforeSeq = end.fromSeq;
    }
    expect(older).toEqual(range(0, count - 5));
    // A full subscribe agrees.
    const all = await connect(server);
    all.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    await all.waitForFrame('caught-up');
    expect(all.events(session.id).map((event) => event.type === 'user/message' && event.data.text)).toEqual(range(0, count).map((i) => `m${i}`));
    await Promise.all([reader.close(), all.close()]);
  });

  it('batches large read results into several history frames within HISTORY_BATCH_BYTES', async () => {
    const server = await servers.start();
    // Read windows of ~25 KB of text, ~50 KB as a view: a few to a frame.
    const files = Array.from({ length: 16 }, (_, i) => `big/file-${i}.ts`);
    await mkdir(join(server.workspace, 'big'), { recursive: true });
    for (const [i, path] of files.entries()) {
      const lines = Array.from({ length: 700 }, (_, n) => `export const v${i}_${n} = "ü€ ${'x'.repeat(12)}";`);
      await writeFile(join(server.workspace, path), `${lines.join('\n')}\n`);
    }
    const session = await createSession(server);
    const watcher = await connect(server);
    const liveBytes: number[] = [];
    watcher.ws.on('message', (data: Buffer) => liveBytes.push(data.length));
    watcher.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    await watcher.waitForFrame('caught-up');
    for (const path of files) watcher.send({ type: 'run-tool', sessionId: session.id, name: 'read', args: { path } });
    await waitForEvents(watcher, session.id, files.length * 2);
    const live = liveBySeq(watcher, session.id);

    const reader = await connect(server);
    const sizes = new Map<ServerFrame, number>();
    reader.ws.on('message', (data: Buffer) => {
      // The TestClient's own listener ran first and recorded the frame.
      sizes.set(reader.frames.at(-1)!, data.length);
    });
    reader.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    await reader.waitForFrame('caught-up');
    const frames = historyFrames(reader.frames, session.id);
    expect(frames.length).toBeGreaterThanOrEqual(3);
    for (const frame of frames) {
      const bytes = sizes.get(frame)!;
      if (frame.items.length > 1) expect(bytes).toBeLessThanOrEqual(HISTORY_BATCH_BYTES);
    }
    // Frames really hold several large results, filled close to the bound.
    const resultsPerFrame = frames.map((frame) => frame.items.filter((item) => item.event.type === 'tool/result').length);
    expect(Math.max(...resultsPerFrame)).toBeGreaterThanOrEqual(3);
    expect(Math.max(...frames.map((frame) => sizes.get(frame)!))).toBeGreaterThan(HISTORY_BATCH_BYTES * 0.75);
    const items = frames.flatMap((frame) => frame.items);
    expect(items.map((item) => item.event.seq)).toEqual(range(0, files.length * 2));
    expectSameAsLive(items, live);
    // Lean history weighs far less than the same events live (they carry the file three times).
    const historyBytes = frames.reduce((sum, frame) => sum + sizes.get(frame)!, 0);
    const liveEventBytes = liveBytes.slice(-files.length * 2).reduce((sum, bytes) => sum + bytes, 0);
    expect(historyBytes).toBeLessThan(liveEventBytes * 0.6);
    await Promise.all([watcher.close(), reader.close()]);
  });
});
