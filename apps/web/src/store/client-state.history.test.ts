import { describe, expect, it } from 'vitest';
import type { HistoryItem, ServerFrame, SessionEvent } from '@toolcards/protocol';
import { ClientState } from './client-state';
import { ingestFrames } from '../test-support/store-frames';

const header = { type: 'session', version: 1, id: 's1', cwd: '/w', createdAt: 't' } as const;

/** A session of `count` calls, each followed by its result: seq 2k is call k, 2k+1 its result. */
function callPairs(count: number): SessionEvent[] {
  const events: SessionEvent[] = [];
  for (let k = 0; k < count; k += 1) {
    events.push({ seq: 2 * k, time: 't', type: 'tool/call', data: { callId: `c${k}`, name: 'glob', args: { pattern: `*${k}` }, origin: 'user' } });
    events.push({ seq: 2 * k + 1, time: 't', type: 'tool/result', data: { callId: `c${k}`, content: [], isError: false } });
  }
  return events;
}

function history(events: SessionEvent[]): ServerFrame {
  const items: HistoryItem[] = events.map((event) => (event.type === 'tool/result' ? { event, view: { card: 'search' }, contentOmitted: true } : { event }));
  return { type: 'history', sessionId: 's1', items };
}

function openOnTail(events: SessionEvent[], fromSeq: number): ClientState {
  const store = new ClientState();
  store.openSession('s1');
  const lastSeq = events.length - 1;
  ingestFrames(store, [{ type: 'subscribed', sessionId: 's1', header, fromSeq, lastSeq }, history(events.slice(fromSeq)), { type: 'caught-up', sessionId: 's1', lastSeq }]);
  return store;
}

describe('ClientState history', () => {
  it('renders nothing while the opening history arrives, then every call with its result at once', () => {
    const events = callPairs(50);
    const store = new ClientState();
    store.openSession('s1');
    ingestFrames(store, [{ type: 'subscribed', sessionId: 's1', header, fromSeq: 0, lastSeq: 99 }, history(events.slice(0, 51))]);
    // Call 25 has no result yet in what arrived: drawing now would show it running.
    const loading = store.state.getState();
    expect(loading.rows).toEqual([]);
    expect(loading.running).toBe(false);
    expect(loading.history).toMatchObject({ received: 51, expected: 100 });

    ingestFrames(store, [history(events.slice(51)), { type: 'caught-up', sessionId: 's1', lastSeq: 99 }]);
    const done = store.state.getState();
    expect(done.rows).toHaveLength(50);
    expect(done.rows.every((row) => row.kind === 'tool' && row.result !== undefined)).toBe(true);
    expect(done.running).toBe(false);
    expect(done.history).toMatchObject({ firstSeq: 0, hasOlder: false });
  });

  it('opens on the tail, then splices older pages in front until the first event', () => {
    const events = callPairs(100);
    const store = openOnTail(events, 160);
    expect(store.state.getState().rows.map((row) => row.seq)).toEqual(Array.from({ length: 20 }, (_, k) => 160 + 2 * k));
    expect(store.state.getState().history).toMatchObject({ firstSeq: 160, hasOlder: true });
    expect(store.olderPageRequest()).toEqual({ beforeSeq: 160 });

    store.noteOlderRequested();
    expect(store.olderPageRequest()).toBeUndefined(); // one page at a time
    ingestFrames(store, [history(events.slice(60, 160)), { type: 'history-end', sessionId: 's1', fromSeq: 60, beforeSeq: 160 }]);
    expect(store.state.getState().rows).toHaveLength(70);
    expect(store.state.getState().history).toMatchObject({ firstSeq: 60, hasOlder: true, loadingOlder: false });

    store.noteOlderRequested();
    ingestFrames(store, [history(events.slice(0, 60)), { type: 'history-end', sessionId: 's1', fromSeq: 0, beforeSeq: 60 }]);
    const rows = store.state.getState().rows;
    expect(rows.map((row) => row.seq)).toEqual(Array.from({ length: 100 }, (_, k) => 2 * k));
    expect(rows.every((row) => row.kind === 'tool' && row.call !== undefined && row.result !== undefined)).toBe(true);
    expect(store.state.getState().history).toMatchObject({ firstSeq: 0, hasOlder: false });
    expect(store.olderPageRequest()).toBeUndefined();
  });

  it('joins a result at the top of the tail to its call when the older page brings it', () => {
    const events = callPairs(10);
    const store = openOnTail(events, 11); // starts on the result of call 5
    const first = store.state.getState().rows[0];
    expect(first?.kind === 'tool' && first.call === undefined && first.result !== undefined).toBe(true);
    store.noteOlderRequested();
    ingestFrames(store, [history(events.slice(0, 11)), { type: 'history-end', sessionId: 's1', fromSeq: 0, beforeSeq: 11 }]);
    const rows = store.state.getState().rows;
    expect(rows).toHaveLength(10);
    expect(rows[5]).toMatchObject({ kind: 'tool', callId: 'c5', call: { name: 'glob' }, result: { seq: 11 } });
  });

  it('leaves the rows behind an older page as they were: the cards on screen are not drawn again', () => {
    const events = callPairs(10);
    const store = openOnTail(events, 11); // starts on the result of call 5
    const before = store.state.getState().rows;
    store.noteOlderRequested();
    ingestFrames(store, [history(events.slice(0, 11)), { type: 'history-end', sessionId: 's1', fromSeq: 0, beforeSeq: 11 }]);
    const after = store.state.getState().rows;
    // Calls 6-9 were whole before the page: the same row objects (React compares rows by identity).
    expect(after.slice(6)).toHaveLength(4);
    after.slice(6).forEach((row, k) => expect(row).toBe(before[k + 1]));
    // Call 5's row got its call from the page: a new row.
    expect(after[5]).not.toBe(before[0]);
  });

  it('keeps live events that came while an older page was loading', () => {
    const events = callPairs(20);
    const store = openOnTail(events, 30);
    store.noteOlderRequested();
    ingestFrames(store, [{ type: 'event', sessionId: 's1', event: { seq: 40, time: 't', type: 'user/message', data: { text: 'live' } } }]);
    ingestFrames(store, [history(events.slice(0, 30)), { type: 'history-end', sessionId: 's1', fromSeq: 0, beforeSeq: 30 }]);
    const rows = store.state.getState().rows;
    expect(rows).toHaveLength(21);
    expect(rows.at(-1)).toMatchObject({ kind: 'user-message', text: 'live' });
    expect(store.lastSeq).toBe(40);
  });

  it('drops an older page that was asked on a socket since replaced', () => {
    const events = callPairs(20);
    const store = openOnTail(events, 30);
    store.noteOlderRequested();
    // Reconnected: the server starts over after what the client holds.
    ingestFrames(store, [{ type: 'subscribed', sessionId: 's1', header, fromSeq: 40, lastSeq: 39 }, { type: 'caught-up', sessionId: 's1', lastSeq: 39 }]);
    expect(store.state.getState().history).toMatchObject({ firstSeq: 30, hasOlder: true, loadingOlder: false });
    ingestFrames(store, [history(events.slice(0, 10)), { type: 'history-end', sessionId: 's1', fromSeq: 0, beforeSeq: 10 }]);
    expect(store.state.getState().rows).toHaveLength(5);
    expect(store.olderPageRequest()).toEqual({ beforeSeq: 30 });
  });

  it('says there is nothing older when the server has nothing before the first seq held', () => {
    const events = callPairs(5);
    const store = openOnTail(events, 4);
    store.noteOlderRequested();
    ingestFrames(store, [{ type: 'history-end', sessionId: 's1', fromSeq: 4, beforeSeq: 4 }]);
    expect(store.state.getState().history).toMatchObject({ firstSeq: 4, hasOlder: false });
  });

  it('keeps the lean mark of a result on its row', () => {
    const store = openOnTail(callPairs(1), 0);
    const row = store.state.getState().rows[0];
    expect(row?.kind === 'tool' && row.result?.contentOmitted).toBe(true);
  });

  it('a seq the log does not have (a damaged line) is resynced once, then gone past: the session opens instead of resubscribing forever', () => {
    const events = callPairs(4).filter((event) => event.seq !== 3);
    const store = new ClientState();
    store.openSession('s1');
    const subscribed = (fromSeq: number): ServerFrame => ({ type: 'subscribed', sessionId: 's1', header, fromSeq, lastSeq: 7 });
    const caughtUp: ServerFrame = { type: 'caught-up', sessionId: 's1', lastSeq: 7 };
    // First socket: the hole could be a server slip, so the link resumes after seq 2.
    expect(ingestFrames(store, [subscribed(0), history(events), caughtUp]).resync).toBe(true);
    expect(store.lastSeq).toBe(2);
    // The resumed history has the same hole: it is the log's, and the rest is shown.
    expect(ingestFrames(store, [subscribed(3), history(events.slice(3)), caughtUp]).resync).toBe(false);
    expect(store.lastSeq).toBe(7);
    expect(store.state.getState().rows.map((row) => row.seq)).toEqual([0, 2, 4, 6]);
  });

  it('the last events unreadable, again after the resync: caught up with what was read', () => {
    const events = callPairs(3);
    const store = new ClientState();
    store.openSession('s1');
    const frames = (fromSeq: number): ServerFrame[] => [
      { type: 'subscribed', sessionId: 's1', header, fromSeq, lastSeq: 7 },
      history(events.slice(fromSeq)),
      { type: 'caught-up', sessionId: 's1', lastSeq: 7 },
    ];
    expect(ingestFrames(store, frames(0)).resync).toBe(true);
    expect(ingestFrames(store, frames(6)).resync).toBe(false);
    expect(store.state.getState().caughtUp).toBe(true);
    expect(store.state.getState().rows).toHaveLength(3);
  });

  it('a gap the resync fills is never skipped: the missing event is placed', () => {
    const events = callPairs(3);
    const store = new ClientState();
    store.openSession('s1');
    const withoutTwo = events.filter((event) => event.seq !== 2);
    expect(ingestFrames(store, [{ type: 'subscribed', sessionId: 's1', header, fromSeq: 0, lastSeq: 5 }, history(withoutTwo), { type: 'caught-up', sessionId: 's1', lastSeq: 5 }]).resync).toBe(true);
    expect(ingestFrames(store, [{ type: 'subscribed', sessionId: 's1', header, fromSeq: 2, lastSeq: 5 }, history(events.slice(2)), { type: 'caught-up', sessionId: 's1', lastSeq: 5 }]).resync).toBe(false);
    expect(store.state.getState().rows.map((row) => row.seq)).toEqual([0, 2, 4]);
  });
});
