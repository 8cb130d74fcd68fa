import { describe, expect, it } from 'vitest';
import type { ServerFrame, SessionEvent } from '@toolcards/protocol';
import type { ClientState } from './client-state';
import { callStateFrame as callState, openCaughtUpStore as openStore, ingestFrames } from '../test-support/store-frames';

const header = { type: 'session', version: 1, id: 's1', cwd: '/w', createdAt: 't' } as const;

function call(seq: number, callId: string): ServerFrame {
  return { type: 'event', sessionId: 's1', event: { seq, time: 't', type: 'tool/call', data: { callId, name: 'read', args: {}, origin: 'user' } } };
}

/** The TOOL_ABORTED result the server logs once the disk has room again. */
function abortedResult(seq: number, callId: string): ServerFrame {
  const message = 'the result of this read call could not be saved (disk full); run it again';
  const event: SessionEvent = { seq, time: 't', type: 'tool/result', data: { callId, content: [{ type: 'text', text: message }], isError: true, error: { code: 'TOOL_ABORTED', message } } };
  return { type: 'event', sessionId: 's1', event };
}

const states = (store: ClientState) => Object.fromEntries(store.state.getState().callStates);

describe('ClientState unsaved calls (the log refused their result)', () => {
  it('holds a call as unsaved until its aborted result comes; it no longer counts as running work', () => {
    const store = openStore();
    ingestFrames(store, [call(0, 'c0'), callState('c0', 'unsaved')]);
    expect(states(store)).toEqual({ c0: 'unsaved' });
    // Its tool has ended: nothing to cancel.
    expect(store.state.getState().running).toBe(false);
    ingestFrames(store, [abortedResult(1, 'c0')]);
    expect(states(store)).toEqual({});
  });

  it('still counts other open calls as running', () => {
    const store = openStore();
    ingestFrames(store, [call(0, 'c0'), call(1, 'c1'), callState('c0', 'unsaved')]);
    expect(store.state.getState().running).toBe(true);
    ingestFrames(store, [callState('c1', 'unsaved')]);
    expect(store.state.getState().running).toBe(false);
  });

  it('replaces queued with unsaved for a call cancelled while queued whose result was lost', () => {
    const store = openStore();
    ingestFrames(store, [call(0, 'c0'), callState('c0', 'queued'), callState('c0', 'unsaved')]);
    expect(states(store)).toEqual({ c0: 'unsaved' });
  });

  it('takes the unsaved calls the server sends after a resumed caught-up, dropping those closed meanwhile', () => {
    const store = openStore();
    ingestFrames(store, [call(0, 'c0'), call(1, 'c1'), callState('c0', 'unsaved'), callState('c1', 'unsaved')]);
    // The socket dropped; meanwhile c0's aborted result was logged (seq 2) and the resumed history brings it.
    ingestFrames(store, [
      { type: 'subscribed', sessionId: 's1', header, fromSeq: 2, lastSeq: 2 },
      { type: 'history', sessionId: 's1', items: [{ event: (abortedResult(2, 'c0') as Extract<ServerFrame, { type: 'event' }>).event }] },
      { type: 'caught-up', sessionId: 's1', lastSeq: 2 },
      callState('c1', 'unsaved'),
    ]);
    expect(states(store)).toEqual({ c1: 'unsaved' });
    expect(store.state.getState().running).toBe(false);
  });
});
