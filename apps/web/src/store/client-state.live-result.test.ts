import { describe, expect, it, vi } from 'vitest';
import type { ServerFrame, SessionEvent } from '@toolcards/protocol';
import { ClientState } from './client-state';
import type { ToolRow } from '../model/timeline-row';
import { ingestFrames } from '../test-support/store-frames';

const header = { type: 'session', version: 1, id: 's1', cwd: '/w', createdAt: 't' } as const;
const readView = { card: 'read', path: 'a.ts', lang: 'typescript', offset: 1, totalLines: 1, lines: [{ number: 1, text: 'const a = 1;' }] };

function call(seq: number, callId: string): SessionEvent {
  return { seq, time: 't', type: 'tool/call', data: { callId, name: 'read', args: { path: 'a.ts' }, origin: 'model' } };
}

function result(seq: number, callId: string): SessionEvent {
  return { seq, time: 't', type: 'tool/result', data: { callId, content: [{ type: 'text', text: 'const a = 1;' }], isError: false } };
}

const live = (event: SessionEvent): ServerFrame => ({ type: 'event', sessionId: 's1', event, ...(event.type === 'tool/result' ? { view: readView } : {}) });

describe('ClientState live results', () => {
  it('hands each result applied while live to onLiveResult at once, before any publish', () => {
    const onLiveResult = vi.fn<(row: ToolRow) => void>();
    const store = new ClientState(onLiveResult);
    store.openSession('s1');
    ingestFrames(store, [{ type: 'caught-up', sessionId: 's1', lastSeq: -1 }]);
    store.receive(live(call(0, 'c0')));
    expect(onLiveResult).not.toHaveBeenCalled();
    store.receive(live(result(1, 'c0')));
    expect(onLiveResult).toHaveBeenCalledOnce();
    const row = onLiveResult.mock.calls[0]![0];
    expect(row).toMatchObject({ kind: 'tool', callId: 'c0', call: { name: 'read' }, result: { view: readView } });
    // Nothing published yet: the card does not exist, its highlighting can already start.
    expect(store.state.getState().rows).toEqual([]);
  });

  it('says nothing of the results in a session’s opening history', () => {
    const onLiveResult = vi.fn();
    const store = new ClientState(onLiveResult);
    store.openSession('s1');
    ingestFrames(store, [
      { type: 'subscribed', sessionId: 's1', header, fromSeq: 0, lastSeq: 1 },
      { type: 'history', sessionId: 's1', items: [{ event: call(0, 'c0') }, { event: result(1, 'c0'), view: readView }] },
      { type: 'caught-up', sessionId: 's1', lastSeq: 1 },
    ]);
    expect(onLiveResult).not.toHaveBeenCalled();
    ingestFrames(store, [live(call(2, 'c1')), live(result(3, 'c1'))]);
    expect(onLiveResult).toHaveBeenCalledOnce();
  });
});
