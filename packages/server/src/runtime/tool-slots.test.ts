import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonValue, ServerFrame, SessionEvent } from '@toolcards/protocol';
import * as realTools from '@toolcards/tools';
import type { ToolContext, ToolResult } from '@toolcards/tools';
import type { ToolsApi } from './session-registry';
import { createSession, useServers } from '../test-support/server-harness';
import { TestClient } from '../test-support/test-client';

type CallStateFrame = Extract<ServerFrame, { type: 'call-state' }>;

/**
 * The real tools plus `hold {id}`, which runs until the test releases it (or it is
 * cancelled), and records which holds started and how many ran at once.
 */
function holdingTools() {
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  let runningNow = 0;
  let most = 0;
  const tools: ToolsApi = {
    ...realTools,
    runTool(name: string, args: JsonValue, context: ToolContext): Promise<ToolResult> {
      if (name !== 'hold') return realTools.runTool(name, args, context);
      const id = String((args as { id: string }).id);
      started.push(id);
      runningNow += 1;
      most = Math.max(most, runningNow);
      return new Promise((resolve) => {
        const end = (text: string) => {
          runningNow -= 1;
          resolve({ content: [{ type: 'text', text }], isError: false });
        };
        releases.set(id, () => end(`${id} done`));
        context.signal.addEventListener('abort', () => end(`${id} aborted`), { once: true });
      });
    },
  };
  return {
    tools,
    started,
    get most() {
      return most;
    },
    release(id: string) {
      const release = releases.get(id);
      if (!release) throw new Error(`hold ${id} is not running`);
      release();
    },
  };
}

async function watch(server: { port: number; token: string }, sessionId: string): Promise<TestClient> {
  const client = await TestClient.connect(server.port, { token: server.token });
  client.send({ type: 'subscribe', sessionId, afterSeq: -1 });
  await client.waitForFrame('caught-up');
  return client;
}

function runHolds(client: TestClient, sessionId: string, ids: string[]): void {
  for (const id of ids) client.send({ type: 'run-tool', sessionId, name: 'hold', args: { id } });
}

/** hold id → the call id the server gave it, once every one of `ids` was announced. */
function callIdsOf(client: TestClient, ids: string[]): Promise<Map<string, string>> {
  return client.waitFor(() => {
    const calls = new Map<string, string>();
    for (const event of client.events()) {
      if (event.type === 'tool/call' && event.data.name === 'hold') calls.set(String((event.data.args as { id: string }).id), event.data.callId);
    }
    return ids.every((id) => calls.has(id)) ? calls : undefined;
  }, `calls ${ids.join(', ')}`);
}

function callStates(client: TestClient): CallStateFrame[] {
  return client.frames.filter((frame): frame is CallStateFrame => frame.type === 'call-state');
}

function resultOf(client: TestClient, callId: string): Promise<Extract<SessionEvent, { type: 'tool/result' }>> {
  return client.waitFor(
    () => client.events().find((event): event is Extract<SessionEvent, { type: 'tool/result' }> => event.type === 'tool/result' && event.data.callId === callId),
    `the result of ${callId}`,
  );
}

describe('tool slots per server', () => {
  const servers = useServers();

  it('runs at most the cap at once across sessions; the rest are queued, in order, and told so', async () => {
    const hold = holdingTools();
    const server = await servers.start({ tools: hold.tools, maxRunningTools: 2 });
    const first = await createSession(server);
    const second = await createSession(server);
    const firstWatcher = await watch(server, first.id);
    const secondWatcher = await watch(server, second.id);

    runHolds(firstWatcher, first.id, ['a1', 'a2']);
    const a = await callIdsOf(firstWatcher, ['a1', 'a2']);
    await firstWatcher.waitFor(() => (hold.started.length === 2 ? true : undefined), 'a1 and a2 to start');
    // Another session's calls wait for the same two slots.
    runHolds(secondWatcher, second.id, ['b1', 'b2', 'b3']);
    const b = await callIdsOf(secondWatcher, ['b1', 'b2', 'b3']);
    await secondWatcher.waitFor(() => (callStates(secondWatcher).length === 3 ? true : undefined), 'three queued frames');
    expect(callStates(secondWatcher)).toEqual(['b1', 'b2', 'b3'].map((id) => ({ type: 'call-state', sessionId: second.id, callId: b.get(id), state: 'queued' })));
    expect(callStates(firstWatcher)).toEqual([]);
    // Each queued frame follows its call's event.
    const frameIndex = (match: (frame: ServerFrame) => boolean) => secondWatcher.frames.findIndex(match);
    for (const id of ['b1', 'b2', 'b3']) {
      const callAt = frameIndex((frame) => frame.type === 'event' && frame.event.type === 'tool/call' && frame.event.data.callId === b.get(id));
      const queuedAt = frameIndex((frame) => frame.type === 'call-state' && frame.callId === b.get(id));
      expect(queuedAt).toBeGreaterThan(callAt);
    }

    // Someone opening the session now learns which calls wait, right after caught-up.
    const late = await watch(server, second.id);
    await late.waitFor(() => (callStates(late).length === 3 ? true : undefined), 'the queued calls for a late watcher');
    const caughtUpAt = late.frames.findIndex((frame) => frame.type === 'caught-up');
    expect(late.frames.slice(caughtUpAt + 1, caughtUpAt + 4).map((frame) => frame.type)).toEqual(['call-state', 'call-state', 'call-state']);

    // A queued call cancelled ends at once, with the cancelled result, and never starts.
    secondWatcher.send({ type: 'cancel', sessionId: second.id, callId: b.get('b2') });
    const cancelled = await resultOf(secondWatcher, b.get('b2')!);
    expect(cancelled.data).toMatchObject({ isError: true, error: { code: 'TOOL_ABORTED', message: 'hold was cancelled before it started.' } });
    expect(hold.started).toEqual(['a1', 'a2']);

    // Freed slots go to the queue in order, each start told as `running`.
    hold.release('a1');
    await secondWatcher.waitFor(() => (hold.started.length === 3 ? true : undefined), 'b1 to start');
    hold.release('a2');
    await secondWatcher.waitFor(() => (hold.started.length === 4 ? true : undefined), 'b3 to start');
    expect(hold.started).toEqual(['a1', 'a2', 'b1', 'b3']);
    await secondWatcher.waitFor(() => (callStates(secondWatcher).length === 5 ? true : undefined), 'two running frames');
    expect(callStates(secondWatcher).slice(3)).toEqual(['b1', 'b3'].map((id) => ({ type: 'call-state', sessionId: second.id, callId: b.get(id), state: 'running' })));
    hold.release('b1');
    hold.release('b3');

    for (const [id, client, calls] of [['a1', firstWatcher, a], ['a2', firstWatcher, a], ['b1', secondWatcher, b], ['b3', secondWatcher, b]] as const) {
      expect((await resultOf(client, calls.get(id)!)).data.content).toEqual([{ type: 'text', text: `${id} done` }]);
    }
    expect(hold.most).toBe(2);
    // The late watcher saw the same transitions live.
    await late.waitFor(() => (callStates(late).length === 5 ? true : undefined), 'the late watcher’s running frames');
    expect(server.problems).toEqual([]);
    await Promise.all([firstWatcher.close(), secondWatcher.close(), late.close()]);
  });

  it('logs a cancelled result for calls still queued when the server stops, without starting them', async () => {
    const hold = holdingTools();
    const server = await servers.start({ tools: hold.tools, maxRunningTools: 1 });
    const session = await createSession(server);
    const client = await watch(server, session.id);
    runHolds(client, session.id, ['x1', 'x2']);
    await client.waitFor(() => (callStates(client).length === 1 ? true : undefined), 'x2 queued');
    await server.close();
    const log = await readFile(join(server.dataDir, 'sessions', `${session.id}.jsonl`), 'utf8');
    const results = log.trim().split('\n').slice(1).map((line) => JSON.parse(line) as SessionEvent).filter((event) => event.type === 'tool/result');
    expect(results.map((event) => event.type === 'tool/result' && event.data.content[0]?.text)).toEqual(['x1 aborted', 'hold was cancelled before it started.']);
    expect(hold.started).toEqual(['x1']);
  });

  it('refuses a cap below one', async () => {
    await expect(servers.start({ maxRunningTools: 0 })).rejects.toThrow(/maxRunningTools must be a whole number of at least 1/);
  });
});
