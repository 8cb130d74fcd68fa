import WebSocket from 'ws';
import type { FakeReply, FakeRequest } from '../../packages/server/src/test-support/fake-chat-completions-server';
import { createSession, type ServerAddress } from './session-generator';

/**
 * A session of model turns made the way a person makes one: a prompt sent over the real
 * WebSocket (`user-message`), the scripted model (a real Chat Completions server) answering with
 * a line of text and a batch of tool calls, then with its final answer; the next prompt after
 * the turn ends. Every call runs through the real tools and the session log.
 */
export interface TurnsPlan {
  turns: number;
  callsPerTurn: number;
  /** Workspace files the reads and greps name. */
  files: readonly string[];
}

/** The prompt of turn `index` (0-based): the first line is what the outline shows. */
export function promptOf(index: number): string {
  return `Turn ${index + 1}: explain part ${index + 1} of the code\nwith details`;
}

export function answerOf(index: number): string {
  return `Answer ${index + 1}: part ${index + 1} is explained.`;
}

/** The model's script for `plan`: a prompt gets text and its calls, the calls' results get the answer. */
export function turnsScript(plan: TurnsPlan): (request: FakeRequest) => FakeReply {
  return (request) => {
    const messages = request.body.messages ?? [];
    const prompts = messages.filter((message) => message.role === 'user').length;
    const turn = prompts - 1;
    if (messages.at(-1)?.role === 'tool') return { kind: 'stream', text: [answerOf(turn)] };
    const toolCalls = Array.from({ length: plan.callsPerTurn }, (_, index) => {
      const file = plan.files[(turn + index) % plan.files.length]!;
      return index % 3 === 1
        ? { id: `t${turn}c${index}`, name: 'grep', arguments: JSON.stringify({ pattern: 'export' }) }
        : { id: `t${turn}c${index}`, name: 'read', arguments: JSON.stringify({ path: file }) };
    });
    return { kind: 'stream', text: [`Looking at part ${turn + 1}.`], toolCalls };
  };
}

/** Sends the plan's prompts one turn at a time; resolves with the session id once the last turn ended. */
export async function generateTurnsSession(server: ServerAddress, plan: TurnsPlan, timeoutMs = 120_000): Promise<string> {
  const sessionId = await createSession(server);
  const url = new URL('/ws', server.origin.replace(/^http/, 'ws'));
  url.searchParams.set('token', server.token);
  const ws = new WebSocket(url.href);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the turns did not end in ${timeoutMs} ms`)), timeoutMs);
      let sent = 0;
      let ended = 0;
      let live = false;
      const next = () => {
        if (sent === plan.turns) {
          clearTimeout(timer);
          resolve();
          return;
        }
        ws.send(JSON.stringify({ type: 'user-message', sessionId, text: promptOf(sent) }));
        sent += 1;
      };
      ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', sessionId, afterSeq: -1 })));
      ws.on('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString()) as { type: string; event?: { type: string; data?: { reason?: string } } };
        if (frame.type === 'error') return reject(new Error(`server error frame: ${data.toString()}`));
        if (frame.type === 'caught-up' && !live) {
          live = true;
          return next();
        }
        if (frame.type === 'event' && frame.event?.type === 'turn/end') {
          if (frame.event.data?.reason !== 'done') return reject(new Error(`turn ${ended + 1} ended: ${JSON.stringify(frame.event.data)}`));
          ended += 1;
          next();
        }
      });
      ws.on('error', reject);
    });
  } finally {
    ws.close();
  }
  return sessionId;
}
