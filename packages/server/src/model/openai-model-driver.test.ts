import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ServerFrame, SessionEvent } from '@toolcards/protocol';
import { startServer, type RunningServer } from '../index';
import { startFakeChatCompletionsServer, type FakeChatCompletionsServer, type FakeScript } from '../test-support/fake-chat-completions-server';
import { until } from '../../../tools/src/test-support/until';
import { modelConfigFrom } from './model-config';
import { createOpenAiModelDriver } from './openai-model-driver';

// The driver inside the real server: WebSocket in, real tools on a real
// workspace, the real openai client against the fake model, the real log.

const KEY = 'sk-driver-test-51c0ffee';

interface Rig {
  fake: FakeChatCompletionsServer;
  server: RunningServer;
  workspace: string;
  dataDir: string;
  reports: string[];
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function rig(script: FakeScript, reuse?: { workspace: string; dataDir: string; fake: FakeChatCompletionsServer }): Promise<Rig> {
  const fake = reuse?.fake ?? (await startFakeChatCompletionsServer(script, { apiKey: KEY }));
  if (!reuse) cleanups.push(() => fake.close());
  const workspace = reuse?.workspace ?? (await mkdtemp(join(tmpdir(), 'toolcards-model-ws-')));
  const dataDir = reuse?.dataDir ?? (await mkdtemp(join(tmpdir(), 'toolcards-model-data-')));
  if (!reuse) {
    await mkdir(join(workspace, 'src'));
    await writeFile(join(workspace, 'src/greet.ts'), 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n');
    cleanups.push(async () => {
      await rm(workspace, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    });
  }
  const config = modelConfigFrom({ baseUrl: fake.url, model: 'fake-model' }, { TOOLCARDS_API_KEY: KEY });
  if (!config) throw new Error('no config');
  const reports: string[] = [];
  const server = await startServer({
    workspace,
    dataDir,
    port: 0,
    clientDir: join(dataDir, 'no-client'),
    modelDriver: createOpenAiModelDriver({
      config,
      textIntervalMs: 0,
      retry: { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 10, maxRetryAfterMs: 1_000 },
      report: (message) => reports.push(message),
    }),
    report: (message) => reports.push(message),
  });
  cleanups.push(() => server.close());
  return { fake, server, workspace, dataDir, reports };
}

async function createSession(server: RunningServer): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}` },
  });
  const body = (await response.json()) as { session: { id: string } };
  return body.session.id;
}

interface Client {
  frames: ServerFrame[];
  events(): SessionEvent[];
  send(frame: object): void;
  waitFor(predicate: (frames: ServerFrame[]) => boolean): Promise<void>;
}

async function connect(server: RunningServer, sessionId: string): Promise<Client> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws?token=${server.token}`);
  const frames: ServerFrame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as ServerFrame));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  cleanups.push(async () => ws.close());
  const client: Client = {
    frames,
    // History arrives in batches, live events one per frame.
    events: () =>
      frames.flatMap((frame) => {
        if (frame.type === 'event') return [frame.event];
        return frame.type === 'history' ? frame.items.map((item) => item.event) : [];
      }),
    send: (frame) => ws.send(JSON.stringify(frame)),
    waitFor: (predicate) => until(() => predicate(frames), () => `a condition; frames: ${JSON.stringify(frames, null, 1).slice(0, 3000)}`),
  };
  client.send({ type: 'subscribe', sessionId, afterSeq: -1 });
  await client.waitFor((all) => all.some((frame) => frame.type === 'caught-up'));
  return client;
}

const turnEnds = (client: Client) => client.events().filter((event) => event.type === 'turn/end');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(entries.filter((entry) => entry.isFile()).map((entry) => readFile(join(entry.parentPath, entry.name), 'utf8')));
}

describe('the OpenAI model driver in the server', () => {
  it('greps then reads through the real tools, shows both as cards, and ends the turn', async () => {
    const r = await rig([
      { kind: 'stream', text: ['Searching.'], toolCalls: [{ name: 'grep', arguments: ['{"pattern":', '"greet"}'] }] },
      { kind: 'stream', toolCalls: [{ name: 'read', arguments: '{"path":"src/greet.ts"}' }] },
      { kind: 'stream', text: ['`greet` is in ', 'src/greet.ts.'] },
    ]);
    const sessionId = await createSession(r.server);
    const client = await connect(r.server, sessionId);
    expect(client.frames[0]).toMatchObject({ type: 'hello', model: { model: 'fake-model', baseUrl: r.fake.url } });

    client.send({ type: 'user-message', sessionId, text: 'where is greet?' });
    await client.waitFor(() => turnEnds(client).length === 1);

    const events = client.events();
    expect(events.map((event) => event.type)).toEqual([
      'user/message',
      'assistant/text',
      'tool/call',
      'tool/result',
      'tool/call',
      'tool/result',
      'assistant/text',
      'assistant/text',
      'turn/end',
    ]);
    expect(turnEnds(client)[0]?.data).toEqual({ reason: 'done' });
    const calls = events.flatMap((event) => (event.type === 'tool/call' ? [event.data] : []));
    expect(calls.map((call) => [call.name, call.origin])).toEqual([
      ['grep', 'model'],
      ['read', 'model'],
    ]);
    const resultViews = client.frames.flatMap((frame) => (frame.type === 'event' && frame.event.type === 'tool/result' ? [frame.view] : []));
    expect(resultViews).toMatchObject([{ card: 'search', shape: 'matches' }, { card: 'read', path: 'src/greet.ts' }]);

    // What the model was told: the workspace, the real tool schemas, each result's model text.
    const [first, second, third] = r.fake.requests;
    expect(first?.authorization).toBe(`Bearer ${KEY}`);
    expect(first?.body.messages?.[0]).toMatchObject({ role: 'system', content: expect.stringContaining(r.server.workspace) });
    expect(first?.body.tools?.map((tool) => tool.function.name)).toEqual(['read', 'grep', 'glob']);
    expect(first?.body.tools?.[0]?.function.parameters).toMatchObject({ type: 'object', properties: { path: expect.anything() } });
    expect(second?.body.messages?.at(-1)).toMatchObject({ role: 'tool', content: expect.stringContaining('src/greet.ts') });
    expect(third?.body.messages?.at(-1)).toMatchObject({ role: 'tool', content: expect.stringContaining('<path>') });

    // The key is nowhere but in the Authorization header.
    expect(JSON.stringify(client.frames)).not.toContain(KEY);
    for (const file of await filesUnder(r.dataDir)) expect(file).not.toContain(KEY);
    expect(r.reports.join('\n')).not.toContain(KEY);
  });

  it('refuses malformed arguments through the real registry and the model corrects them', async () => {
    const r = await rig([
      { kind: 'stream', toolCalls: [{ name: 'read', arguments: '{"path": "src/greet.ts"' }] },
      { kind: 'stream', toolCalls: [{ name: 'read', arguments: '{"path": "src/greet.ts"}' }] },
      { kind: 'stream', text: ['Read it.'] },
    ]);
    const sessionId = await createSession(r.server);
    const client = await connect(r.server, sessionId);
    client.send({ type: 'user-message', sessionId, text: 'read greet' });
    await client.waitFor(() => turnEnds(client).length === 1);

    const results = client.events().flatMap((event) => (event.type === 'tool/result' ? [event.data] : []));
    expect(results.map((result) => [result.isError, result.error?.code])).toEqual([
      [true, 'TOOL_INVALID_ARGS'],
      [false, undefined],
    ]);
    expect(r.fake.requests[1]?.body.messages?.at(-1)?.content).toMatch(/The arguments you sent for read are not valid JSON/);
    expect(turnEnds(client)[0]?.data).toEqual({ reason: 'done' });
  });

  it('shows a refused key as a readable turn end and stays usable', async () => {
    const r = await rig([{ kind: 'status', status: 401 }, { kind: 'stream', text: ['Hello.'] }]);
    const sessionId = await createSession(r.server);
    const client = await connect(r.server, sessionId);
    client.send({ type: 'user-message', sessionId, text: 'hi' });
    await client.waitFor(() => turnEnds(client).length === 1);
    expect(turnEnds(client)[0]?.data).toEqual({
      reason: 'error',
      error: 'The model API refused the key (401). Check TOOLCARDS_API_KEY.',
    });
    client.send({ type: 'user-message', sessionId, text: 'hi again' });
    await client.waitFor(() => turnEnds(client).length === 2);
    expect(turnEnds(client)[1]?.data).toEqual({ reason: 'done' });
  });

  it('cancels mid-answer from the client: the stream is aborted and the text so far kept', async () => {
    const r = await rig([{ kind: 'stall', text: ['Partial ', 'answer'] }]);
    const sessionId = await createSession(r.server);
    const client = await connect(r.server, sessionId);
    client.send({ type: 'user-message', sessionId, text: 'long one' });
    await client.waitFor(() => client.events().filter((event) => event.type === 'assistant/text').length === 2);
    client.send({ type: 'cancel', sessionId });
    await client.waitFor(() => turnEnds(client).length === 1);
    expect(turnEnds(client)[0]?.data).toEqual({ reason: 'cancelled' });
    await r.fake.waitForDisconnect(0);
    const text = client.events().flatMap((event) => (event.type === 'assistant/text' ? [event.data.delta] : []));
    expect(text.join('')).toBe('Partial answer');
  });

  it('continues a reopened session with the conversation rebuilt from its log', async () => {
    const script: FakeScript = [
      { kind: 'stream', toolCalls: [{ id: 'call_g', name: 'grep', arguments: '{"pattern":"greet"}' }] },
      { kind: 'stream', text: ['In src/greet.ts.'] },
      { kind: 'stream', text: ['It returns a string.'] },
    ];
    const first = await rig(script);
    const sessionId = await createSession(first.server);
    const before = await connect(first.server, sessionId);
    before.send({ type: 'user-message', sessionId, text: 'where is greet?' });
    await before.waitFor(() => turnEnds(before).length === 1);
    before.send({ type: 'run-tool', sessionId, name: 'read', args: { path: 'src/greet.ts', limit: 1 } });
    await before.waitFor(() => before.events().filter((event) => event.type === 'tool/result').length === 2);
    await first.server.close();

    const second = await rig(script, first);
    const after = await connect(second.server, sessionId);
    after.send({ type: 'user-message', sessionId, text: 'what does it return?' });
    await after.waitFor(() => turnEnds(after).length === 2);

    const messages = second.fake.requests[2]?.body.messages;
    expect(messages?.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'user']);
    expect(messages?.[2]).toMatchObject({
      tool_calls: [{ id: 'call_g', type: 'function', function: { name: 'grep', arguments: '{"pattern":"greet"}' } }],
    });
    expect(messages?.[4]).toEqual({ role: 'assistant', content: 'In src/greet.ts.' });
    expect(messages?.[5]?.content).toMatch(
      /^\[The user ran the tool `read` directly, not you, with arguments \{"path":"src\/greet\.ts","limit":1\}\. Its result:\]\n<path>[^\n]*src\/greet\.ts<\/path>[\s\S]*\n\nwhat does it return\?$/,
    );
  });
});
