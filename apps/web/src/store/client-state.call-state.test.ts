import { describe, expect, it } from 'vitest';
import type { ServerFrame, SessionEvent } from '@toolcards/protocol';
import { serverFrameFromJson } from '../net/server-frame-from-json';
import type { ClientState } from './client-state';
import { callStateFrame as callState, openCaughtUpStore as openStore, ingestFrames } from '../test-support/store-frames';

const header = { type: 'session', version: 1, id: 's1', cwd: '/w', createdAt: 't' } as const;

function call(seq: number, callId: string): ServerFrame {
  return { type: 'event', sessionId: 's1', event: { seq, time: 't', type: 'tool/call', data: { callId, name: 'grep', args: {}, origin: 'user' } } };
}

function result(seq: number, callId: string): ServerFrame {
  const event: SessionEvent = { seq, time: 't', type: 'tool/result', data: { callId, content: [{ type: 'text', text: 'cancelled' }], isError: true, error: { code: 'TOOL_ABORTED', message: 'cancelled' } } };
  return { type: 'event', sessionId: 's1', event };
}

const queued = (store: ClientState) => [...store.state.getState().callStates].flatMap(([callId, state]) => (state === 'queued' ? [callId] : []));

describe('ClientState call states', () => {
  it('refuses a call-state frame with an unknown state', () => {
    expect(serverFrameFromJson(JSON.stringify({ type: 'call-state', sessionId: 's1', callId: 'c', state: 'paused' }))).toBeUndefined();
  });

  it('holds a call as queued until it runs; the call still counts as running work', () => {
    const store = openStore();
    ingestFrames(store, [call(0, 'c0'), call(1, 'c1'), callState('c1', 'queued')]);
    expect(queued(store)).toEqual(['c1']);
    expect(store.state.getState().running).toBe(true);
    ingestFrames(store, [callState('c1', 'running')]);
    expect(queued(store)).toEqual([]);
  });

  it('forgets a queued call when its result comes without a running frame (cancelled while queued)', () => {
    const store = openStore();
    ingestFrames(store, [call(0, 'c0'), callState('c0', 'queued'), result(1, 'c0')]);
    expect(queued(store)).toEqual([]);
    expect(store.state.getState().running).toBe(false);
  });

  it('ignores another session’s call states and forgets them all when a session opens', () => {
    const store = openStore();
    ingestFrames(store, [call(0, 'c0'), callState('c0', 'queued'), callState('x', 'queued', 's2')]);
    expect(queued(store)).toEqual(['c0']);
    store.openSession('s2');
    expect(queued(store)).toEqual([]);
  });

  it('takes the queued calls the server sends after a resumed caught-up, dropping stale ones', () => {
    const store = openStore();
    ingestFrames(store, [call(0, 'c0'), call(1, 'c1'), callState('c0', 'queued'), callState('c1', 'queued')]);
    // The socket dropped; meanwhile c0 started. The server resends only what still waits.
    ingestFrames(store, [
      { type: 'subscribed', sessionId: 's1', header, fromSeq: 2, lastSeq: 1 },
      { type: 'caught-up', sessionId: 's1', lastSeq: 1 },
      callState('c1', 'queued'),
    ]);
    expect(queued(store)).toEqual(['c1']);
  });
});
