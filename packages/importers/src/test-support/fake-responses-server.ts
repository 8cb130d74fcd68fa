import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A scripted stand-in for the OpenAI Responses API: a real HTTP server on 127.0.0.1 that the real
 * Codex CLI talks to (a `model_providers` entry with `wire_api = "responses"`). A streaming POST
 * /v1/responses is answered with SSE the way the API streams: response.created, per output item
 * response.output_item.added and response.output_item.done (a function_call with call_id, name and
 * arguments; a custom_tool_call with its input; or an assistant message), response.completed with
 * usage.
 *
 * The conversation is scripted by step: the step of a request is the number of tool outputs its
 * input already carries, so a retried request gets the same answer. Other paths (GET /v1/models,
 * …) get a plausible answer and are logged in `unexpected`.
 */

export type FakeResponsesItem =
  | { type: 'message'; text: string }
  | { type: 'function_call'; callId: string; name: string; arguments: Record<string, unknown> }
  | { type: 'custom_tool_call'; callId: string; name: string; input: string };

export interface FakeResponsesRequest {
  method: string;
  path: string;
  body: {
    model?: string;
    stream?: boolean;
    input?: Array<{ type?: string; role?: string; [key: string]: unknown }>;
    tools?: Array<{ type?: string; name?: string; [key: string]: unknown }>;
    [key: string]: unknown;
  };
}

export interface FakeResponsesServer {
  /** The base URL for the provider's base_url (ends in /v1). */
  url: string;
  requests: FakeResponsesRequest[];
  /** Requests the script did not expect (a path it does not know, a step beyond the script). */
  unexpected: string[];
  close(): Promise<void>;
}

/** The items of each model turn, in order. */
export type FakeResponsesScript = FakeResponsesItem[][];

const TOOL_OUTPUTS = new Set(['function_call_output', 'custom_tool_call_output']);

export async function startFakeResponsesServer(script: FakeResponsesScript): Promise<FakeResponsesServer> {
  const requests: FakeResponsesRequest[] = [];
  const unexpected: string[] = [];
  let responseCount = 0;

  const answer = (request: FakeResponsesRequest, response: ServerResponse): void => {
    const path = request.path.split('?')[0] ?? '';
    if (request.method === 'GET' && path === '/v1/models') {
      unexpected.push(`${request.method} ${request.path}`);
      json(response, 200, { object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'fake' }] });
      return;
    }
    if (request.method !== 'POST' || path !== '/v1/responses') {
      unexpected.push(`${request.method} ${request.path}`);
      json(response, 404, { error: { type: 'not_found', message: 'not here' } });
      return;
    }
    const step = (request.body.input ?? []).filter((item) => TOOL_OUTPUTS.has(item.type ?? '')).length;
    const scripted = script[step];
    if (scripted === undefined) unexpected.push(`conversation step ${step} beyond the script`);
    const items = scripted ?? [{ type: 'message', text: 'Done.' }];
    responseCount += 1;
    const id = `resp_fake_${String(responseCount).padStart(4, '0')}`;
    const model = request.body.model ?? 'fake-model';
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    let sequence = 0;
    const send = (type: string, data: Record<string, unknown>): void => {
      response.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...data })}\n\n`);
    };
    const base = { id, object: 'response', created_at: Math.floor(Date.now() / 1000), model, status: 'in_progress', output: [] as unknown[] };
    send('response.created', { response: base });
    const output: unknown[] = [];
    for (const [index, scriptedItem] of items.entries()) {
      const item = wireItem(scriptedItem, `${id}_${index}`);
      send('response.output_item.added', { output_index: index, item: { ...item, status: 'in_progress' } });
      send('response.output_item.done', { output_index: index, item });
      output.push(item);
    }
    send('response.completed', {
      response: {
        ...base,
        status: 'completed',
        output,
        usage: {
          input_tokens: 100,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: 20,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: 120,
        },
      },
    });
    response.end();
  };

  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: FakeResponsesRequest['body'] = {};
      try {
        body = text === '' ? {} : (JSON.parse(text) as FakeResponsesRequest['body']);
      } catch {
        unexpected.push(`${incoming.method} ${incoming.url}: body is not JSON`);
      }
      const request: FakeResponsesRequest = { method: incoming.method ?? 'GET', path: incoming.url ?? '/', body };
      requests.push(request);
      answer(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    unexpected,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function wireItem(item: FakeResponsesItem, id: string): Record<string, unknown> {
  switch (item.type) {
    case 'message':
      return { type: 'message', id: `msg_${id}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: item.text, annotations: [] }] };
    case 'function_call':
      return { type: 'function_call', id: `fc_${id}`, call_id: item.callId, name: item.name, arguments: JSON.stringify(item.arguments), status: 'completed' };
    case 'custom_tool_call':
      return { type: 'custom_tool_call', id: `ctc_${id}`, call_id: item.callId, name: item.name, input: item.input, status: 'completed' };
  }
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
