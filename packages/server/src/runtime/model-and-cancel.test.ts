import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonValue, SessionEvent } from '@toolcards/protocol';
import * as realTools from '@toolcards/tools';
import type { ToolContext, ToolResult } from '@toolcards/tools';
import type { ModelDriver, ModelTurnInput } from '../model/model-driver';
import type { ToolsApi } from './session-registry';
import { createSession, useServers } from '../test-support/server-harness';
import { TestClient } from '../test-support/test-client';

/** The real tools plus `sleep`, which runs until it is cancelled. */
const toolsWithSleep: ToolsApi = {
  ...realTools,
  runTool(name: string, args: JsonValue, context: ToolContext): Promise<ToolResult> {
    if (name !== 'sleep') return realTools.runTool(name, args, context);
    return new Promise((resolve) => {
      const done = () => resolve({ content: [{ type: 'text', text: 'cancelled' }], isError: true, error: { code: 'TOOL_ABORTED', message: 'cancelled' } });
      if (context.signal.aborted) done();
      context.signal.addEventListener('abort', done, { once: true });
    });
  },
};

function driver(runTurn: (input: ModelTurnInput) => Promise<void>): ModelDriver {
  return { info: { model: 'fake-model', baseUrl: 'http://fake.invalid' }, runTurn };
}

function types(events: SessionEvent[]): string[] {
  return events.map((event) => event.type);
}

async function watch(server: { port: number; token: string }, sessionId: string): Promise<TestClient> {
  const client = await TestClient.connect(server.port, { token: server.token });
  client.send({ type: 'subscribe', sessionId, afterSeq: -1 });
  await client.waitForFrame('caught-up');
  return client;
}

function untilEvent(client: TestClient, match: (event: SessionEvent) => boolean, what: string): Promise<SessionEvent> {
  return client.waitFor(() => client.events().find(match), what);
}

describe('model turns', () => {
  const servers = useServers();

  it('hands the message to the driver, logs its text and tool calls, and ends the turn', async () => {
    const seen: { text: string; events: string[] }[] = [];
    const server = await servers.start({
      modelDriver: driver(async ({ session, text }) => {
        seen.push({ text, events: types(await session.events()) });
        session.append({ type: 'assistant/text', data: { messageId: 'm1', delta: 'Let me ' } });
        session.append({ type: 'assistant/text', data: { messageId: 'm1', delta: 'look.' } });
        const { callId, result } = await session.runTool({ name: 'read', args: { path: 'src/app.ts' }, callId: 'model-call-1' });
        expect(callId).toBe('model-call-1');
        expect(result.isError).toBe(false);
      }),
    });
    const session = await createSession(server);
    const client = await watch(server, session.id);
    const hello = client.frames[0];
    expect(hello).toMatchObject({ type: 'hello', model: { model: 'fake-model', baseUrl: 'http://fake.invalid' } });
    client.send({ type: 'user-message', sessionId: session.id, text: 'what is in app.ts?' });
    await untilEvent(client, (event) => event.type === 'turn/end', 'turn end');
    expect(seen).toEqual([{ text: 'what is in app.ts?', events: ['user/message'] }]);
    expect(types(client.events())).toEqual(['user/message', 'assistant/text', 'assistant/text', 'tool/call', 'tool/result', 'turn/end']);
    const [, , , call, result, end] = client.eventFrames();
    expect(call?.event.data).toMatchObject({ callId: 'model-call-1', name: 'read', origin: 'model' });
    expect(call?.view).toMatchObject({ card: 'generic', kind: 'read' });
    expect(result?.view).toMatchObject({ card: 'read', path: 'src/app.ts' });
    expect(end?.event.data).toEqual({ reason: 'done' });
    expect(client.frames.some((frame) => frame.type === 'error')).toBe(false);
    await client.close();
  });

  it('ends a failed turn with the error and a cancelled turn as cancelled', async () => {
    const server = await servers.start({
      tools: toolsWithSleep,
      modelDriver: driver(async ({ session, text, signal }) => {
        if (text === 'fail') throw new Error('the API said no');
        // Runs a tool that only ends when the turn is cancelled.
        await session.runTool({ name: 'sleep', args: {} });
        expect(signal.aborted).toBe(true);
      }),
    });
    const session = await createSession(server);
    const client = await watch(server, session.id);
    client.send({ type: 'user-message', sessionId: session.id, text: 'fail' });
    expect((await untilEvent(client, (event) => event.type === 'turn/end', 'first end')).data).toEqual({ reason: 'error', error: 'the API said no' });
    client.send({ type: 'user-message', sessionId: session.id, text: 'sleep' });
    await untilEvent(client, (event) => event.type === 'tool/call', 'the sleep call');
    client.send({ type: 'cancel', sessionId: session.id });
    const ends = () => client.events().filter((event) => event.type === 'turn/end');
    await client.waitFor(() => (ends().length === 2 ? true : undefined), 'second end');
    expect(ends()[1]?.data).toEqual({ reason: 'cancelled' });
    expect(client.events().find((event) => event.type === 'tool/result')?.data).toMatchObject({ isError: true, error: { code: 'TOOL_ABORTED' } });
    await client.close();
  });
});

describe('user-run tools', () => {
  const servers = useServers();

  it('logs and broadcasts the call and result with origin user, and cancels by call id', async () => {
    const server = await servers.start({ tools: toolsWithSleep });
    const session = await createSession(server);
    const runner = await watch(server, session.id);
    const watcher = await watch(server, session.id);
    runner.send({ type: 'run-tool', sessionId: session.id, name: 'sleep', args: {}, requestId: 'r1' });
    const call = await untilEvent(watcher, (event) => event.type === 'tool/call', 'the call');
    expect(call.data).toMatchObject({ name: 'sleep', origin: 'user' });
    runner.send({ type: 'cancel', sessionId: session.id, callId: call.type === 'tool/call' ? call.data.callId : '' });
    const result = await untilEvent(watcher, (event) => event.type === 'tool/result', 'the result');
    expect(result.data).toMatchObject({ callId: call.type === 'tool/call' && call.data.callId, isError: true, error: { code: 'TOOL_ABORTED' } });
    runner.send({ type: 'run-tool', sessionId: session.id, name: 'no-such-tool', args: {} });
    const unknown = await watcher.waitFor(() => watcher.events().filter((event) => event.type === 'tool/result')[1], 'second result');
    expect(unknown.data).toMatchObject({ isError: true, error: { code: 'TOOL_UNKNOWN' } });
    expect(runner.eventFrames()).toEqual(watcher.eventFrames());
    await Promise.all([runner.close(), watcher.close()]);
  });

  it('logs the end of a running tool when the server stops', async () => {
    const server = await servers.start({ tools: toolsWithSleep });
    const session = await createSession(server);
    const client = await watch(server, session.id);
    client.send({ type: 'run-tool', sessionId: session.id, name: 'sleep', args: {} });
    await untilEvent(client, (event) => event.type === 'tool/call', 'the call');
    await server.close();
    const log = await readFile(join(server.dataDir, 'sessions', `${session.id}.jsonl`), 'utf8');
    const logged = log.trim().split('\n').slice(1).map((line) => JSON.parse(line) as SessionEvent);
    expect(types(logged)).toEqual(['tool/call', 'tool/result']);
    expect(logged[1]?.data).toMatchObject({ isError: true, error: { code: 'TOOL_ABORTED' } });
  });
});

describe('slow consumers', () => {
  const servers = useServers();

  it('drops a client that stops reading, with SLOW_CONSUMER, and it resumes', async () => {
    const limits = { maxBufferedBytes: 2 * 1024 * 1024, maxPendingBytes: 2 * 1024 * 1024, historyHighWaterBytes: 256 * 1024 };
    const server = await servers.start({ deliveryLimits: limits });
    const session = await createSession(server);
    const slow = await watch(server, session.id);
    const fast = await watch(server, session.id);
    const socket = (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    socket.pause();
    const producer = await TestClient.connect(server.port, { token: server.token });
    const big = 'x'.repeat(256 * 1024);
    const total = 60; // 15 MiB: fills the kernel's socket buffers for the paused client (~4 MiB here), then our bound
    for (let i = 0; i < total; i += 1) {
      producer.send({ type: 'user-message', sessionId: session.id, text: `${i} ${big}` });
      // Paced by the fast client, so only the paused one falls behind.
      await fast.waitFor(() => (fast.events().length === i + 1 ? true : undefined), `event ${i}`);
    }
    socket.resume();
    const closed = await slow.waitForClose();
    expect(closed.code).toBe(1013);
    expect(slow.frames.find((frame) => frame.type === 'error')).toMatchObject({ code: 'SLOW_CONSUMER', sessionId: session.id });
    const got = slow.events();
    expect(got.length).toBeLessThan(total);
    expect(got.map((event) => event.seq)).toEqual(got.map((_, index) => index));
    const resumed = await TestClient.connect(server.port, { token: server.token });
    resumed.send({ type: 'subscribe', sessionId: session.id, afterSeq: got.at(-1)?.seq ?? -1 });
    await resumed.waitForFrame('caught-up');
    expect([...got, ...resumed.events()].map((event) => event.seq)).toEqual(Array.from({ length: total }, (_, index) => index));
    expect(fast.closed).toBeUndefined();
    await Promise.all([fast.close(), producer.close(), resumed.close()]);
  }, 60_000);
});
