import type { ServerFrame, ServerInfo, SessionSummary } from '@toolcards/protocol';
import { SessionClient, type SessionClientOptions } from '../store/session-client';
import type { SocketLike } from '../net/session-connection';
import { ClientState } from '../store/client-state';
import { ingestFrames } from './store-frames';

/** Test-only: a client whose socket never opens and whose API answers from memory. */
export function clientForTests(options: { info?: ServerInfo; api?: Partial<SessionClientOptions['api']> } = {}): SessionClient {
  const info = options.info ?? { version: 'test', workspace: '/w', model: null, editor: 'vscode' };
  const summary: SessionSummary = { id: 's1', title: 'First', cwd: '/w', createdAt: '2025-01-01T00:00:00Z', lastActivity: '2025-01-01T00:00:00Z', eventCount: 3, toolCalls: 1, paths: [], source: 'toolcards' };
  const silentSocket = (): SocketLike => ({ readyState: 0, onopen: null, onmessage: null, onclose: null, onerror: null, send() {}, close() {} });
  return new SessionClient({
    store: new ClientState(),
    api: {
      info: async () => info,
      sessions: async () => [summary],
      createSession: async () => summary,
      resultText: async (_sessionId, callId) => ({ callId, isError: false, content: [{ type: 'text', text: `the text of ${callId}` }] }),
      fullResultOutline: async () => {
        throw new Error('no full result in this test');
      },
      fullResultPage: async () => {
        throw new Error('no full result in this test');
      },
      fileLines: async () => {
        throw new Error('no file lines in this test');
      },
      readFreshness: async (_sessionId, callId) => ({ callId, path: 'a.ts', state: 'unchanged' }),
      searchSessions: async (query) => ({ query: query.text, hits: [], truncated: false, more: 0, sessions: 0 }),
      ...options.api,
    },
    socketUrl: 'ws://127.0.0.1:1/ws?token=t',
    hash: { read: () => '', write: () => {} },
    createSocket: silentSocket,
  });
}

/** Test-only: frames as the server would send them live for session s1 (opened with an empty history). */
export function ingestForTests(client: SessionClient, frames: ServerFrame[]): void {
  if (client.store.state.getState().sessionId === null) {
    client.store.openSession('s1');
    ingestFrames(client.store, [{ type: 'caught-up', sessionId: 's1', lastSeq: -1 }]);
  }
  ingestFrames(client.store, frames);
}
