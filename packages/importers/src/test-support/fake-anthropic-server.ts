import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A scripted stand-in for the Anthropic Messages API: a real HTTP server on 127.0.0.1 that the
 * real Claude Code CLI talks to (ANTHROPIC_BASE_URL). A streaming POST /v1/messages is answered
 * with SSE the way the API streams: message_start, per block content_block_start /
 * content_block_delta (text_delta, or input_json_delta for a tool_use that starts with empty
 * input, or thinking_delta and signature_delta for thinking) / content_block_stop, message_delta with the stop_reason, message_stop.
 *
 * The conversation is scripted by step: the step of a request is the number of assistant
 * messages it already carries, so a retried request gets the same answer. A request that is not
 * the main conversation (no tools offered: a title or topic call) gets a short text; other paths
 * (count_tokens, …) get a plausible answer and are logged in `unexpected`.
 */

export type FakeAnthropicBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

export interface FakeAnthropicTurn {
  blocks: FakeAnthropicBlock[];
  /** Default 'tool_use' when a block is a tool_use, else 'end_turn'. */
  stopReason?: string;
}

export interface FakeAnthropicRequest {
  method: string;
  path: string;
  body: {
    model?: string;
    stream?: boolean;
    messages?: Array<{ role: string; content: unknown }>;
    tools?: Array<{ name: string }>;
    [key: string]: unknown;
  };
}

export interface FakeAnthropicServer {
  /** The base URL for ANTHROPIC_BASE_URL (no trailing slash). */
  url: string;
  requests: FakeAnthropicRequest[];
  /** Requests the script did not expect (a path it does not know, a step beyond the script). */
  unexpected: string[];
  close(): Promise<void>;
}

/** The turns in order, or a function of the request and its step (e.g. to tell a subagent's requests apart). */
export type FakeAnthropicScript = FakeAnthropicTurn[] | ((request: FakeAnthropicRequest, step: number) => FakeAnthropicTurn | undefined);

export async function startFakeAnthropicServer(script: FakeAnthropicScript): Promise<FakeAnthropicServer> {
  const requests: FakeAnthropicRequest[] = [];
  const unexpected: string[] = [];
  let messageCount = 0;

  const answer = (request: FakeAnthropicRequest, response: ServerResponse): void => {
    const path = request.path.split('?')[0] ?? '';
    if (request.method === 'POST' && path === '/v1/messages/count_tokens') {
      json(response, 200, { input_tokens: 100 });
      return;
    }
    if (request.method !== 'POST' || path !== '/v1/messages') {
      unexpected.push(`${request.method} ${request.path}`);
      json(response, 404, { type: 'error', error: { type: 'not_found_error', message: 'not here' } });
      return;
    }
    const isConversation = (request.body.tools?.length ?? 0) > 0;
    let turn: FakeAnthropicTurn;
    if (!isConversation) {
      turn = { blocks: [{ type: 'text', text: 'Scripted session' }] };
    } else {
      const step = (request.body.messages ?? []).filter((message) => message.role === 'assistant').length;
      const scripted = typeof script === 'function' ? script(request, step) : script[step];
      if (scripted === undefined) unexpected.push(`conversation step ${step} beyond the script`);
      turn = scripted ?? { blocks: [{ type: 'text', text: 'Done.' }] };
    }
    messageCount += 1;
    const id = `msg_fake_${String(messageCount).padStart(4, '0')}`;
    const stopReason = turn.stopReason ?? (turn.blocks.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn');
    const model = request.body.model ?? 'claude-fake';
    if (request.body.stream !== true) {
      json(response, 200, {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: turn.blocks,
        stop_reason: stopReason,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 10 },
      });
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (event: string, data: unknown): void => {
      response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    send('message_start', {
      type: 'message_start',
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      },
    });
    for (const [index, block] of turn.blocks.entries()) {
      if (block.type === 'thinking') {
        send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } });
        send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking: block.thinking } });
        send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: 'fake-signature' } });
      } else if (block.type === 'text') {
        send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
        send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } });
      } else {
        send('content_block_start', {
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
        });
        const inputJson = JSON.stringify(block.input);
        // In two fragments, as the API streams a tool's input.
        const cut = Math.floor(inputJson.length / 2);
        for (const partial of [inputJson.slice(0, cut), inputJson.slice(cut)]) {
          send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: partial } });
        }
      }
      send('content_block_stop', { type: 'content_block_stop', index });
    }
    send('message_delta', { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 20 } });
    send('message_stop', { type: 'message_stop' });
    response.end();
  };

  const server = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: FakeAnthropicRequest['body'] = {};
      try {
        body = text === '' ? {} : (JSON.parse(text) as FakeAnthropicRequest['body']);
      } catch {
        unexpected.push(`${incoming.method} ${incoming.url}: body is not JSON`);
      }
      const request: FakeAnthropicRequest = { method: incoming.method ?? 'GET', path: incoming.url ?? '/', body };
      requests.push(request);
      answer(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    unexpected,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
