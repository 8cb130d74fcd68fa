import OpenAI from 'openai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JsonValue, NewSessionEvent, SessionEventData, SessionEventType } from '@toolcards/protocol';
import { runAgentTurn, type AgentTurn } from './agent-loop';
import { conversationFromLog } from './conversation-from-log';
import { startFakeChatCompletionsServer, type FakeChatCompletionsServer, type FakeScript } from '../test-support/fake-chat-completions-server';
import type { ToolResult } from '@toolcards/tools';
import { until } from '../../../tools/src/test-support/until';
import type { ModelToolSpec } from './model-tools';

// The loop against a real HTTP server speaking Chat Completions SSE, through the
// real `openai` client; only the tools are stand-ins.

const KEY = 'sk-loop-test-9b3e1d77';
const SYSTEM = 'SYSTEM PROMPT';

const SPECS: ModelToolSpec[] = [
  {
    name: 'read',
    description: 'Read a file.',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
  {
    name: 'grep',
    description: 'Search file contents.',
    parameters: { type: 'object', properties: { pattern: { type: 'string' } }, required: ['pattern'] },
  },
];

const ok = (text: string): ToolResult => ({ content: [{ type: 'text', text }], isError: false, meta: { ok: true } });
const notFound = (path: string): ToolResult => ({
  content: [{ type: 'text', text: `File not found: ${path}` }],
  isError: true,
  error: { code: 'FS_NOT_FOUND', message: `File not found: ${path}` },
});
/** What the registry answers for args that are not an object. */
const invalidArgs = (name: string): ToolResult => ({
  content: [{ type: 'text', text: `Invalid arguments for ${name}: expected object, received string` }],
  isError: true,
  error: { code: 'TOOL_INVALID_ARGS', message: `Invalid arguments for ${name}: expected object, received string` },
});
const aborted = (): ToolResult => ({
  content: [{ type: 'text', text: 'The call was cancelled.' }],
  isError: true,
  error: { code: 'TOOL_ABORTED', message: 'The call was cancelled.' },
});

type ToolRequest = { callId: string; name: string; args: JsonValue };
type ToolImpl = (call: ToolRequest, signal: AbortSignal) => Promise<ToolResult>;

const servers: FakeChatCompletionsServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

interface Harness {
  server: FakeChatCompletionsServer;
  log: NewSessionEvent[];
  runs: ToolRequest[];
  retries: { kind: string; attempt: number; delayMs: number }[];
  controller: AbortController;
  turn(overrides?: Partial<AgentTurn>): ReturnType<typeof runAgentTurn>;
  /** Appends the user message and runs a turn, as the driver does. */
  say(text: string, overrides?: Partial<AgentTurn>): ReturnType<typeof runAgentTurn>;
}

async function harness(
  script: FakeScript,
  options: { tool?: ToolImpl; history?: NewSessionEvent[]; baseUrl?: string } = {},
): Promise<Harness> {
  const server = await startFakeChatCompletionsServer(script);
  servers.push(server);
  const log: NewSessionEvent[] = [...(options.history ?? [])];
  const runs: ToolRequest[] = [];
  const retries: Harness['retries'] = [];
  const controller = new AbortController();
  const tool: ToolImpl = options.tool ?? (async (call) => ok(`${call.name} result for ${JSON.stringify(call.args)}`));
  let ids = 0;
  const baseUrl = options.baseUrl ?? server.url;
  const turn = (overrides: Partial<AgentTurn> = {}) =>
    runAgentTurn({
      client: new OpenAI({ apiKey: KEY, baseURL: baseUrl, maxRetries: 0 }),
      model: 'fake-model',
      systemPrompt: SYSTEM,
      // Logs like the server's tool path: the call at once, the result after
      // the tool ran and the previous call's result was logged.
      tools: {
        specs: SPECS,
        runTool: (call, logResultAfter) => {
          const callId = call.callId ?? `generated-${++ids}`;
          log.push({ type: 'tool/call', data: { callId, name: call.name, args: call.args, origin: 'model' } });
          return (async () => {
            const request = { callId, name: call.name, args: call.args };
            runs.push(request);
            const result = typeof call.args === 'string' ? invalidArgs(call.name) : await tool(request, controller.signal);
            await logResultAfter;
            log.push({ type: 'tool/result', data: { callId, ...result } });
            return { callId, result };
          })();
        },
      },
      conversation: () => log,
      emit: (event) => {
        log.push(event);
      },
      signal: controller.signal,
      maxSteps: 50,
      baseUrl,
      keyVariable: 'TOOLCARDS_API_KEY',
      retry: { maxRetries: 3, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 1_000 },
      textIntervalMs: 0,
      newId: (prefix) => `${prefix}-${++ids}`,
      onRetry: ({ failure, attempt, delayMs }) => retries.push({ kind: failure.kind, attempt, delayMs }),
      ...overrides,
    });
  return {
    server,
    log,
    runs,
    retries,
    controller,
    turn,
    say: (text, overrides) => {
      log.push({ type: 'user/message', data: { text } });
      return turn(overrides);
    },
  };
}

const textOf = (log: NewSessionEvent[]) =>
  log.flatMap((event) => (event.type === 'assistant/text' ? [event.data.delta] : [])).join('');
const typesOf = (log: NewSessionEvent[]) => log.map((event) => event.type);
const lastEvent = (log: NewSessionEvent[]) => log[log.length - 1];
const dataOf = <T extends SessionEventType>(log: NewSessionEvent[], type: T): SessionEventData<T>[] =>
  log.flatMap((event) => (event.type === type ? [event.data as SessionEventData<T>] : []));

describe('a model turn', () => {
  it('streams a text-only answer into one assistant message and ends done', async () => {
    const h = await harness([{ kind: 'stream', text: ['Hel', 'lo, ', 'world.'] }]);
    expect(await h.say('hi')).toEqual({ reason: 'done' });

    expect(dataOf(h.log, 'assistant/text')).toEqual([
      { messageId: 'msg-1', delta: 'Hel' },
      { messageId: 'msg-1', delta: 'lo, ' },
      { messageId: 'msg-1', delta: 'world.' },
    ]);
    expect(lastEvent(h.log)).toEqual({ type: 'turn/end', data: { reason: 'done' } });

    const [request] = h.server.requests;
    expect(request?.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body).toMatchObject({
      model: 'fake-model',
      stream: true,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: 'hi' },
      ],
    });
    expect(request?.body.tools).toEqual(
      SPECS.map((spec) => ({ type: 'function', function: { name: spec.name, description: spec.description, parameters: spec.parameters } })),
    );
  });

  it('batches tiny deltas into fewer events without losing text', async () => {
    const words = Array.from({ length: 40 }, (_, index) => `w${index} `);
    const h = await harness([{ kind: 'stream', text: words, chunkDelayMs: 2 }]);
    await h.say('talk', { textIntervalMs: 30 });
    const deltas = dataOf(h.log, 'assistant/text');
    expect(deltas.length).toBeLessThan(words.length);
    expect(new Set(deltas.map((delta) => delta.messageId)).size).toBe(1);
    expect(textOf(h.log)).toBe(words.join(''));
  });

  it('runs one tool call, returns its model text, and continues to the answer', async () => {
    const h = await harness([
      {
        kind: 'stream',
        text: ['Let me look.'],
        toolCalls: [{ id: 'call_a', name: 'grep', arguments: ['{"pat', 'tern": "gre', 'et"}'] }],
      },
      { kind: 'stream', text: ['Found it in src/greet.ts.'] },
    ]);
    expect(await h.say('where is greet?')).toEqual({ reason: 'done' });

    expect(h.runs).toEqual([{ callId: 'call_a', name: 'grep', args: { pattern: 'greet' } }]);
    expect(typesOf(h.log)).toEqual([
      'user/message',
      'assistant/text',
      'tool/call',
      'tool/result',
      'assistant/text',
      'turn/end',
    ]);
    expect(dataOf(h.log, 'tool/call')).toEqual([{ callId: 'call_a', name: 'grep', args: { pattern: 'greet' }, origin: 'model' }]);
    expect(dataOf(h.log, 'tool/result')[0]).toEqual({ callId: 'call_a', ...ok('grep result for {"pattern":"greet"}') });
    // Two assistant messages, two ids.
    expect(new Set(dataOf(h.log, 'assistant/text').map((delta) => delta.messageId))).toEqual(new Set(['msg-1', 'msg-2']));

    expect(h.server.requests[1]?.body.messages).toEqual([
      { role: 'system', content: SYSTEM },
      { role: 'user', content: 'where is greet?' },
      {
        role: 'assistant',
        content: 'Let me look.',
        tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'grep', arguments: '{"pattern":"greet"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_a', content: 'grep result for {"pattern":"greet"}' },
    ]);
  });

  it('runs parallel calls concurrently and logs their results in call order', async () => {
    const started: string[] = [];
    let releaseSlow: () => void = () => {};
    const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));
    const tool: ToolImpl = async (call) => {
      started.push(call.callId);
      if (call.callId === 'slow') await slowGate;
      else releaseSlow(); // the fast call runs while the slow one waits: concurrency
      return ok(`${call.callId} done`);
    };
    const h = await harness(
      [
        {
          kind: 'stream',
          toolCalls: [
            { id: 'slow', name: 'read', arguments: ['{"path":', '"a.ts"}'] },
            { id: 'fast', name: 'grep', arguments: ['{"pattern"', ':"x"', '}'] },
          ],
        },
        { kind: 'stream', text: ['Both done.'] },
      ],
      { tool },
    );
    expect(await h.say('look at both')).toEqual({ reason: 'done' });

    expect(started).toEqual(['slow', 'fast']);
    expect(typesOf(h.log)).toEqual(['user/message', 'tool/call', 'tool/call', 'tool/result', 'tool/result', 'assistant/text', 'turn/end']);
    expect(dataOf(h.log, 'tool/call').map((call) => [call.callId, call.args])).toEqual([
      ['slow', { path: 'a.ts' }],
      ['fast', { pattern: 'x' }],
    ]);
    expect(dataOf(h.log, 'tool/result').map((result) => result.callId)).toEqual(['slow', 'fast']);
    expect(h.server.requests[1]?.body.messages?.slice(2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'slow', type: 'function', function: { name: 'read', arguments: '{"path":"a.ts"}' } },
          { id: 'fast', type: 'function', function: { name: 'grep', arguments: '{"pattern":"x"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'slow', content: 'slow done' },
      { role: 'tool', tool_call_id: 'fast', content: 'fast done' },
    ]);
  });

  it('lets the model correct a call after a tool error', async () => {
    const tool: ToolImpl = async (call) => {
      const path = (call.args as { path: string }).path;
      return path === 'src/greet.ts' ? ok('1: export function greet() {}') : notFound(path);
    };
    const h = await harness(
      [
        { kind: 'stream', toolCalls: [{ id: 'c1', name: 'read', arguments: '{"path":"greet.ts"}' }] },
        { kind: 'stream', toolCalls: [{ id: 'c2', name: 'read', arguments: '{"path":"src/greet.ts"}' }] },
        { kind: 'stream', text: ['It exports greet.'] },
      ],
      { tool },
    );
    expect(await h.say('read greet')).toEqual({ reason: 'done' });
    expect(dataOf(h.log, 'tool/result').map((result) => [result.callId, result.isError])).toEqual([
      ['c1', true],
      ['c2', false],
    ]);
    expect(h.server.requests[1]?.body.messages?.at(-1)).toEqual({ role: 'tool', tool_call_id: 'c1', content: 'File not found: greet.ts' });
    expect(h.server.requests).toHaveLength(3);
  });

  it('sends malformed arguments to the tool as text, which refuses them, and tells the model what was wrong', async () => {
    const h = await harness([
      { kind: 'stream', toolCalls: [{ id: 'bad', name: 'read', arguments: ['{"path": "src/', 'greet.ts"'] }] },
      { kind: 'stream', toolCalls: [{ id: 'good', name: 'read', arguments: '{"path": "src/greet.ts"}' }] },
      { kind: 'stream', text: ['Done.'] },
    ]);
    expect(await h.say('read greet')).toEqual({ reason: 'done' });

    const [badCall] = dataOf(h.log, 'tool/call');
    expect(badCall).toEqual({ callId: 'bad', name: 'read', args: '{"path": "src/greet.ts"', origin: 'model' });
    const [badResult] = dataOf(h.log, 'tool/result');
    expect(badResult).toMatchObject({ callId: 'bad', isError: true, error: { code: 'TOOL_INVALID_ARGS' } });

    const toolMessage = h.server.requests[1]?.body.messages?.at(-1);
    expect(toolMessage).toMatchObject({ role: 'tool', tool_call_id: 'bad' });
    expect(toolMessage?.content).toMatch(
      /^Invalid arguments for read: expected object, received string\nThe arguments you sent for read are not valid JSON \(.+\)\. Call read again/,
    );
    expect(dataOf(h.log, 'tool/result')[1]).toMatchObject({ callId: 'good', isError: false });
  });

  it('gives a reused or missing call id a fresh one, so every card has its own', async () => {
    const h = await harness([
      { kind: 'stream', toolCalls: [{ id: 'call_0', name: 'grep', arguments: '{"pattern":"a"}' }] },
      { kind: 'stream', toolCalls: [{ id: 'call_0', name: 'grep', arguments: '{"pattern":"b"}' }] },
      { kind: 'stream', toolCalls: [{ id: '', name: 'grep', arguments: '{"pattern":"c"}' }] },
      { kind: 'stream', text: ['ok'] },
    ]);
    await h.say('go');
    const ids = dataOf(h.log, 'tool/call').map((call) => call.callId);
    expect(ids).toEqual(['call_0', expect.stringMatching(/^call-\d+$/), expect.stringMatching(/^call-\d+$/)]);
    expect(new Set(ids).size).toBe(3);
    // The model is told the ids the log uses, so results still pair with calls.
    expect(h.server.requests[3]?.body.messages?.filter((message) => message.role === 'tool').map((message) => message.tool_call_id)).toEqual(ids);
    expect(dataOf(h.log, 'tool/result').map((result) => result.callId)).toEqual(ids);
  });

  it('stops at the step limit with a readable reason', async () => {
    const h = await harness(() => ({ kind: 'stream', toolCalls: [{ name: 'grep', arguments: '{"pattern":"x"}' }] }));
    const outcome = await h.say('loop forever', { maxSteps: 3 });
    expect(outcome.reason).toBe('step-limit');
    expect(outcome.error).toMatch(/step limit/);
    expect(h.server.requests).toHaveLength(3);
    expect(dataOf(h.log, 'tool/result')).toHaveLength(3);
    expect(lastEvent(h.log)).toEqual({ type: 'turn/end', data: outcome });
  });
});

describe('model API failures', () => {
  it('ends on 401 with a readable message, without retrying, and the session stays usable', async () => {
    const h = await harness([
      { kind: 'status', status: 401, message: 'Authentication Fails, Your api key: ****d77 is invalid' },
      { kind: 'stream', text: ['Back again.'] },
    ]);
    expect(await h.say('hi')).toEqual({
      reason: 'error',
      error: 'The model API refused the key (401). Check TOOLCARDS_API_KEY.',
    });
    expect(h.server.requests).toHaveLength(1);
    expect(h.retries).toEqual([]);

    expect(await h.say('hi again')).toEqual({ reason: 'done' });
    expect(h.server.requests[1]?.body.messages).toEqual([
      { role: 'system', content: SYSTEM },
      { role: 'user', content: 'hi\n\nhi again' },
    ]);
  });

  it('honours retry-after on 429 and then succeeds', async () => {
    const h = await harness([
      { kind: 'status', status: 429, message: 'Rate limit reached', headers: { 'retry-after': '0.2' } },
      { kind: 'stream', text: ['Made it.'] },
    ]);
    // The wait before the retry runs on a fake clock (faked from the moment the retry is
    // announced; the first request ran on real timers), so "not before 200 ms, and then at
    // once" is checked exactly rather than with a stopwatch.
    const client = new OpenAI({ apiKey: KEY, baseURL: h.server.url, maxRetries: 0 });
    const requests = vi.spyOn(client.chat.completions, 'create');
    const turn = h.say('hi', { client, onRetry: recordRetryThenFakeTimers(h) });
    try {
      await until(() => h.retries.length === 1, 'the retry');
      expect(h.retries).toEqual([{ kind: 'rate-limited', attempt: 2, delayMs: 200 }]);
      await vi.advanceTimersByTimeAsync(199);
      await settle();
      expect(requests).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await settle();
      expect(requests).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
    expect(await turn).toEqual({ reason: 'done' });
    expect(h.server.requests).toHaveLength(2);
    expect(textOf(h.log)).toBe('Made it.');
  });

  it('does not wait out a retry-after beyond the bound: it says how long instead', async () => {
    const h = await harness([{ kind: 'status', status: 429, message: 'Rate limit reached', headers: { 'retry-after': '90' } }]);
    const outcome = await h.say('hi');
    expect(outcome.reason).toBe('error');
    expect(outcome.error).toBe(
      'The model API is rate limiting requests (429) and asked to wait 90 s: Rate limit reached. Wait a moment, then send your message again.',
    );
    expect(h.server.requests).toHaveLength(1);
  });

  it('retries server errors with backoff a bounded number of times', async () => {
    const recovering = await harness([
      { kind: 'status', status: 500, message: 'boom' },
      { kind: 'status', status: 503, message: 'busy' },
      { kind: 'stream', text: ['Recovered.'] },
    ]);
    expect(await recovering.say('hi')).toEqual({ reason: 'done' });
    expect(recovering.retries.map((retry) => [retry.kind, retry.attempt])).toEqual([
      ['server-error', 2],
      ['server-error', 3],
    ]);

    const failing = await harness(() => ({ kind: 'status', status: 502, message: 'Bad Gateway' }));
    expect(await failing.say('hi')).toEqual({
      reason: 'error',
      error: 'The model API failed (HTTP 502) after 4 tries: Bad Gateway. Try again later.',
    });
    expect(failing.server.requests).toHaveLength(4);
  });

  it('keeps what arrived when the stream drops mid-answer, and does not repeat it', async () => {
    const h = await harness([{ kind: 'drop', text: ['The answer is ', 'forty'] }, { kind: 'stream', text: ['unused'] }]);
    const outcome = await h.say('question');
    expect(outcome.reason).toBe('error');
    expect(outcome.error).toMatch(/^The connection to the model API dropped mid-answer.*What arrived is kept; send a message to continue\.$/);
    expect(textOf(h.log)).toBe('The answer is forty');
    expect(h.server.requests).toHaveLength(1);
    expect(conversationFromLog(h.log).at(-1)).toEqual({ role: 'assistant', content: 'The answer is forty' });
  });

  it('asks again when the stream drops before any answer arrived', async () => {
    const h = await harness([{ kind: 'drop', text: [] }, { kind: 'stream', text: ['Second try.'] }]);
    expect(await h.say('question')).toEqual({ reason: 'done' });
    expect(h.retries.map((retry) => retry.kind)).toEqual(['network']);
    expect(textOf(h.log)).toBe('Second try.');
  });

  it('treats a stream that ends without a finish reason as cut short', async () => {
    const h = await harness([{ kind: 'stream', text: ['Half an'], finishReason: null }]);
    const outcome = await h.say('question');
    expect(outcome).toMatchObject({ reason: 'error', error: expect.stringContaining('dropped mid-answer') });
    expect(textOf(h.log)).toBe('Half an');
  });

  it('says the API is unreachable when nothing listens', async () => {
    const closed = await startFakeChatCompletionsServer([]);
    const deadUrl = closed.url;
    await closed.close();
    const h = await harness([], { baseUrl: deadUrl });
    const outcome = await h.say('hi');
    expect(outcome.reason).toBe('error');
    expect(outcome.error).toMatch(
      new RegExp(`^Cannot reach the model API at ${deadUrl.replace(/[.]/g, '\\.')} after 4 tries: .*ECONNREFUSED.*Check the network and TOOLCARDS_BASE_URL\\.$`),
    );
    expect(h.retries.map((retry) => retry.kind)).toEqual(['network', 'network', 'network']);
  });

  it('never lets the key reach the log, even inside the API’s own error text', async () => {
    const h = await harness([{ kind: 'status', status: 400, message: `Invalid request for key ${KEY}` }]);
    const outcome = await h.say('hi');
    expect(outcome.error).toBe('The model API refused the request (HTTP 400): Invalid request for key [redacted].');
    expect(JSON.stringify(h.log)).not.toContain(KEY);
  });
});

describe('cancelling a turn', () => {
  it('aborts the HTTP stream mid-answer and keeps what arrived', async () => {
    const h = await harness([{ kind: 'stall', text: ['Thinking about ', 'it'] }]);
    const turn = h.say('long question');
    await h.server.waitForRequests(1);
    await until(() => textOf(h.log) === 'Thinking about it', 'the streamed text');
    h.controller.abort();
    expect(await turn).toEqual({ reason: 'cancelled' });
    await h.server.waitForDisconnect(0);
    expect(textOf(h.log)).toBe('Thinking about it');
    expect(lastEvent(h.log)).toEqual({ type: 'turn/end', data: { reason: 'cancelled' } });
  });

  it('passes the signal to running tools, logs their results, and asks the model nothing more', async () => {
    let toolStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => (toolStarted = resolve));
    const tool: ToolImpl = (_call, signal) =>
      new Promise((resolve) => {
        toolStarted();
        signal.addEventListener('abort', () => resolve(aborted()), { once: true });
      });
    const h = await harness([{ kind: 'stream', toolCalls: [{ id: 'g', name: 'grep', arguments: '{"pattern":"x"}' }] }], { tool });
    const turn = h.say('search');
    await started;
    h.controller.abort();
    expect(await turn).toEqual({ reason: 'cancelled' });
    expect(typesOf(h.log)).toEqual(['user/message', 'tool/call', 'tool/result', 'turn/end']);
    expect(dataOf(h.log, 'tool/result')[0]).toMatchObject({ callId: 'g', error: { code: 'TOOL_ABORTED' } });
    expect(h.server.requests).toHaveLength(1);
  });

  it('cancels a retry wait', async () => {
    const h = await harness([{ kind: 'status', status: 429, headers: { 'retry-after': '0.9' } }]);
    // On a fake clock the wait cannot end by itself: only the cancel can end the turn.
    const turn = h.say('hi', { onRetry: recordRetryThenFakeTimers(h) });
    try {
      await until(() => h.retries.length === 1, 'the retry');
      h.controller.abort();
      expect(await turn).toEqual({ reason: 'cancelled' });
      await vi.advanceTimersByTimeAsync(1_000); // the wait's timer is gone: nothing asks again
    } finally {
      vi.useRealTimers();
    }
    expect(h.server.requests).toHaveLength(1);
  });
});

describe('continuing a reopened session', () => {
  it('sends the model the conversation rebuilt from the log, user-run tools included', async () => {
    const history: NewSessionEvent[] = [
      { type: 'user/message', data: { text: 'where is greet?' } },
      { type: 'assistant/text', data: { messageId: 'old-1', delta: 'Searching.' } },
      { type: 'tool/call', data: { callId: 'old-c1', name: 'grep', args: { pattern: 'greet' }, origin: 'model' } },
      { type: 'tool/result', data: { callId: 'old-c1', content: [{ type: 'text', text: 'src/greet.ts:1: greet' }], isError: false } },
      { type: 'assistant/text', data: { messageId: 'old-2', delta: 'In src/greet.ts.' } },
      { type: 'turn/end', data: { reason: 'done' } },
      { type: 'tool/call', data: { callId: 'u1', name: 'read', args: { path: 'src/greet.ts' }, origin: 'user' } },
      { type: 'tool/result', data: { callId: 'u1', content: [{ type: 'text', text: '1: export function greet() {}' }], isError: false } },
    ];
    const h = await harness([{ kind: 'stream', text: ['It takes no arguments.'] }], { history });
    expect(await h.say('what does it take?')).toEqual({ reason: 'done' });

    expect(h.server.requests[0]?.body.messages).toEqual([
      { role: 'system', content: SYSTEM },
      { role: 'user', content: 'where is greet?' },
      {
        role: 'assistant',
        content: 'Searching.',
        tool_calls: [{ id: 'old-c1', type: 'function', function: { name: 'grep', arguments: '{"pattern":"greet"}' } }],
      },
      { role: 'tool', tool_call_id: 'old-c1', content: 'src/greet.ts:1: greet' },
      { role: 'assistant', content: 'In src/greet.ts.' },
      {
        role: 'user',
        content:
          '[The user ran the tool `read` directly, not you, with arguments {"path":"src/greet.ts"}. Its result:]\n1: export function greet() {}\n\nwhat does it take?',
      },
    ]);
  });

  it('rebuilds exactly the messages the model saw live', async () => {
    const h = await harness([
      { kind: 'stream', text: ['Looking.'], toolCalls: [{ id: 'a', name: 'grep', arguments: '{"pattern":"x"}' }] },
      { kind: 'stream', toolCalls: [{ id: 'b', name: 'read', arguments: '{"path":"x.ts"}' }, { id: 'c', name: 'read', arguments: '{"path' }] },
      { kind: 'stream', text: ['Done.'] },
      { kind: 'stream', text: ['Sure.'] },
    ]);
    await h.say('first');
    await h.say('second');
    const live = h.server.requests[3]?.body.messages;
    expect([{ role: 'system', content: SYSTEM }, ...conversationFromLog(h.log.slice(0, -2))]).toEqual(live);
  });
});

/** An onRetry that records the retry as the harness does, then fakes setTimeout: the wait that follows runs on a fake clock. */
function recordRetryThenFakeTimers(h: Harness): AgentTurn['onRetry'] {
  return ({ failure, attempt, delayMs }) => {
    h.retries.push({ kind: failure.kind, attempt, delayMs });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  };
}

/** Lets every callback already due run (promise jobs and I/O callbacks), without moving any clock. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

