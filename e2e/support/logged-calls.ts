import WebSocket from 'ws';
import type { ServerAddress } from './session-generator';

/**
 * The tool calls of a session as its log holds them, with the seqs of their call and result
 * events: what a link to a card names (`#/s/<id>/<seq>`). Read over the real WebSocket
 * (subscribe from -1 until `caught-up`), as any client would. No product imports.
 */
export interface LoggedCall {
  seq: number;
  callId: string;
  name: string;
  args: unknown;
  resultSeq?: number;
}

interface WireEvent {
  seq: number;
  type: string;
  data: { callId?: string; name?: string; args?: unknown };
}

export async function loggedCalls(server: ServerAddress, sessionId: string, timeoutMs = 60_000): Promise<LoggedCall[]> {
  const url = new URL('/ws', server.origin.replace(/^http/, 'ws'));
  url.searchParams.set('token', server.token);
  const ws = new WebSocket(url.href);
  const calls = new Map<string, LoggedCall>();
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no caught-up after ${timeoutMs} ms`)), timeoutMs);
      const finish = (error?: Error) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', sessionId, afterSeq: -1 })));
      ws.on('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString()) as { type: string; event?: WireEvent; items?: { event: WireEvent }[] };
        if (frame.type === 'error') return finish(new Error(`server error frame: ${data.toString()}`));
        const events = frame.type === 'event' && frame.event ? [frame.event] : frame.type === 'history' ? (frame.items ?? []).map((item) => item.event) : [];
        for (const event of events) {
          const callId = event.data.callId;
          if (callId === undefined) continue;
          if (event.type === 'tool/call') calls.set(callId, { seq: event.seq, callId, name: event.data.name ?? '', args: event.data.args });
          if (event.type === 'tool/result') {
            const call = calls.get(callId);
            if (call) call.resultSeq = event.seq;
          }
        }
        if (frame.type === 'caught-up') finish();
      });
      ws.on('error', (error) => finish(error));
      ws.on('close', (code) => finish(new Error(`the WebSocket closed (${code}) before caught-up`)));
    });
  } finally {
    ws.removeAllListeners('close');
    ws.on('error', () => {});
    ws.close();
  }
  return [...calls.values()].sort((a, b) => a.seq - b.seq);
}
