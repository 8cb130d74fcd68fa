import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A scripted stand-in for an OpenAI-compatible Chat Completions endpoint: a real
 * HTTP server on 127.0.0.1 that answers each POST …/chat/completions with the
 * next scripted reply, streamed as SSE the way DeepSeek and OpenAI stream it.
 * The real `openai` client talks to it (baseURL = `url`), so tests exercise the
 * client's parsing, errors and aborts, not a mock of them.
 *
 * Imported by the model tests and by e2e/model-turn.spec.ts. No imports beyond
 * node:, so the Playwright runner can load it as is.
 */

export interface FakeToolCall {
  /** Defaults to `call_<request>_<index>`. */
  id?: string;
  name: string;
  /** The arguments JSON text, or its fragments as they should arrive. */
  arguments: string | string[];
}

export type FakeReply =
  /** A streamed answer: text chunks, then tool calls (fragments interleaved by index), then finish_reason. */
  | {
      kind: 'stream';
      text?: string[];
      toolCalls?: FakeToolCall[];
      /** Default 'tool_calls' with calls, else 'stop'; null sends none (a stream that just ends). */
      finishReason?: string | null;
      /** Pause between chunks. */
      chunkDelayMs?: number;
    }
  /** A plain HTTP error answer, as the API sends it. */
  | { kind: 'status'; status: number; message?: string; headers?: Record<string, string> }
  /** Streams `text`, then destroys the socket mid-stream. */
  | { kind: 'drop'; text: string[] }
  /** Streams `text`, then sends nothing more until the client goes away. */
  | { kind: 'stall'; text?: string[] };

export interface FakeRequest {
  path: string;
  authorization: string | undefined;
  /** The parsed JSON body: model, messages, tools, stream… */
  body: {
    model?: string;
    messages?: Array<Record<string, unknown>>;
    tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
    stream?: boolean;
    [key: string]: unknown;
  };
}

export type FakeScript = FakeReply[] | ((request: FakeRequest, index: number) => FakeReply);

export interface FakeChatCompletionsServer {
  /** The base URL to give the client (no trailing slash). */
  url: string;
  /** Every request received, in order. */
  requests: FakeRequest[];
  /** Resolves once `count` requests have arrived. */
  waitForRequests(count: number): Promise<void>;
  /** Resolves once the client has gone away from request `index` (for abort tests). */
  waitForDisconnect(index: number): Promise<void>;
  close(): Promise<void>;
}

export interface FakeServerOptions {
  /** When set, requests without `Authorization: Bearer <key>` get the API's 401. */
  apiKey?: string;
  port?: number;
}

export async function startFakeChatCompletionsServer(
  script: FakeScript,
  options: FakeServerOptions = {},
): Promise<FakeChatCompletionsServer> {
  const requests: FakeRequest[] = [];
  const disconnects: Promise<void>[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const raw = await readBody(req);
    if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
      sendError(res, 404, `fake: no route ${req.method} ${path}`);
      return;
    }
    let body: FakeRequest['body'];
    try {
      body = JSON.parse(raw) as FakeRequest['body'];
    } catch {
      sendError(res, 400, 'fake: body is not JSON');
      return;
    }
    const request: FakeRequest = { path, authorization: req.headers.authorization, body };
    const index = requests.push(request) - 1;
    disconnects[index] = new Promise((resolve) => res.once('close', () => resolve()));
    for (const waiter of waiters.splice(0)) {
      if (requests.length >= waiter.count) waiter.resolve();
      else waiters.push(waiter);
    }

    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      sendError(res, 401, 'Authentication Fails, Your api key: ****fake is invalid', 'authentication_error');
      return;
    }
    const reply = typeof script === 'function' ? script(request, index) : script[index];
    if (!reply) {
      sendError(res, 500, `fake: no scripted reply for request ${index}`);
      return;
    }
    await sendReply(res, reply, index, body.model ?? 'fake-model');
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    waitForRequests: (count) =>
      requests.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
    waitForDisconnect: async (index) => {
      await waitUntil(() => disconnects[index] !== undefined);
      await disconnects[index];
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function sendReply(res: ServerResponse, reply: FakeReply, index: number, model: string): Promise<void> {
  switch (reply.kind) {
    case 'status':
      sendError(res, reply.status, reply.message ?? `fake status ${reply.status}`, undefined, reply.headers);
      return;
    case 'stream': {
      const toolCalls = reply.toolCalls ?? [];
      const finish = reply.finishReason === undefined ? (toolCalls.length > 0 ? 'tool_calls' : 'stop') : reply.finishReason;
      const chunks = [...textChunks(reply.text ?? []), ...toolCallChunks(toolCalls, index)];
      if (finish !== null) chunks.push({ delta: {}, finish_reason: finish });
      startStream(res);
      for (const chunk of chunks) {
        if (res.destroyed) return;
        writeChunk(res, index, model, chunk);
        if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
      }
      if (finish !== null) res.write('data: [DONE]\n\n');
      res.end();
      return;
    }
    case 'drop':
      startStream(res);
      for (const chunk of textChunks(reply.text)) writeChunk(res, index, model, chunk);
      // Let the chunks reach the client before the socket goes.
      await sleep(50);
      res.socket?.destroy();
      return;
    case 'stall':
      startStream(res);
      for (const chunk of textChunks(reply.text ?? [])) writeChunk(res, index, model, chunk);
      await new Promise<void>((resolve) => res.once('close', () => resolve()));
      return;
    default: {
      const unknown: never = reply;
      sendError(res, 500, `fake: unknown reply ${JSON.stringify(unknown)}`);
    }
  }
}

interface ChunkChoice {
  delta: Record<string, unknown>;
  finish_reason: string | null;
}

function textChunks(text: string[]): ChunkChoice[] {
  return [
    { delta: { role: 'assistant', content: '' }, finish_reason: null },
    ...text.map((content) => ({ delta: { content }, finish_reason: null })),
  ];
}

/** Fragments of several calls interleaved (a0 b0 a1 b1 …), so only the index keys them together. */
function toolCallChunks(calls: FakeToolCall[], requestIndex: number): ChunkChoice[] {
  const fragments = calls.map((call) => (typeof call.arguments === 'string' ? [call.arguments] : call.arguments));
  const rounds = Math.max(0, ...fragments.map((parts) => parts.length));
  const chunks: ChunkChoice[] = [];
  for (let round = 0; round < rounds; round++) {
    calls.forEach((call, index) => {
      const part = fragments[index]?.[round];
      if (part === undefined) return;
      const toolCall =
        round === 0
          ? {
              index,
              id: call.id ?? `call_${requestIndex}_${index}`,
              type: 'function',
              function: { name: call.name, arguments: part },
            }
          : { index, function: { arguments: part } };
      chunks.push({ delta: { tool_calls: [toolCall] }, finish_reason: null });
    });
  }
  return chunks;
}

function startStream(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  res.flushHeaders();
}

function writeChunk(res: ServerResponse, index: number, model: string, choice: ChunkChoice): void {
  const chunk = {
    id: `chatcmpl-fake-${index}`,
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, ...choice }],
  };
  res.write(`data: ${JSON.stringify(chunk)}\n\n`);
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  type = 'invalid_request_error',
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ error: { message, type, param: null, code: null } }));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(5);
}
