import { describe, expect, it } from 'vitest';
import type { ServerFrame, SessionEvent } from '@toolcards/protocol';
import { openLocationRequest } from '../model/open-location-request';
import { ClientState } from './client-state';
import type { TimelineRow } from '../model/timeline-row';
import { ingestFrames } from '../test-support/store-frames';

const header = { type: 'session', version: 1, id: 's1', cwd: '/w', createdAt: 't' } as const;

function eventFrame(seq: number, type: SessionEvent['type'] = 'user/message', data?: object, sessionId = 's1'): ServerFrame {
  const defaults: Record<SessionEvent['type'], object> = {
    'user/message': { text: `m${seq}` },
    'assistant/text': { messageId: 'a', delta: `${seq}` },
    'tool/call': { callId: `c${seq}`, name: 'read', args: { path: 'x' }, origin: 'model' },
    'tool/result': { callId: `c${seq}`, content: [], isError: false },
    'turn/end': { reason: 'done' },
  };
  return { type: 'event', sessionId, event: { seq, time: 't', type, data: data ?? defaults[type] } as SessionEvent };
}

/** A store on session s1 whose (empty) history has been replayed: what arrives is live. */
function openStore(): ClientState {
  const store = new ClientState();
  store.openSession('s1');
  ingestFrames(store, [{ type: 'caught-up', sessionId: 's1', lastSeq: -1 }]);
  return store;
}

describe('ClientState', () => {
  it('takes hello, subscribed, events and caught-up', () => {
    const store = openStore();
    const outcome = ingestFrames(store, [
      { type: 'hello', version: '0.1.0', workspace: '/w', model: { model: 'deepseek-chat', baseUrl: 'https://api' }, editor: 'zed' },
      { type: 'subscribed', sessionId: 's1', header, fromSeq: 0, lastSeq: 1 },
      eventFrame(0),
      eventFrame(1, 'tool/call'),
      { type: 'caught-up', sessionId: 's1', lastSeq: 1 },
    ]);
    expect(outcome).toEqual({ resync: false, unknownSession: false });
    const state = store.state.getState();
    expect(state.server?.model?.model).toBe('deepseek-chat');
    expect(state.server?.editor).toBe('zed');
    expect(state.header).toEqual(header);
    expect(state.rows.map((row) => row.kind)).toEqual(['user-message', 'tool']);
    expect(state.lastSeq).toBe(1);
    expect(state.caughtUp).toBe(true);
    expect(state.running).toBe(true);
  });

  it('counts a user message as a running turn only when a model is configured', () => {
    const withModel = openStore();
    ingestFrames(withModel, [{ type: 'hello', version: 'v', workspace: '/w', model: { model: 'm', baseUrl: 'u' }, editor: 'vscode' }, eventFrame(0)]);
    expect(withModel.state.getState().running).toBe(true);
    ingestFrames(withModel, [eventFrame(1, 'turn/end')]);
    expect(withModel.state.getState().running).toBe(false);

    const without = openStore();
    ingestFrames(without, [{ type: 'hello', version: 'v', workspace: '/w', model: null, editor: 'vscode' }, eventFrame(0)]);
    expect(without.state.getState().running).toBe(false);
    ingestFrames(without, [eventFrame(1, 'tool/call', { callId: 'u', name: 'read', args: {}, origin: 'user' })]);
    expect(without.state.getState().running).toBe(true);
  });

  it('ignores duplicated frames from a resume, without new rows', () => {
    const store = openStore();
    ingestFrames(store, [eventFrame(0), eventFrame(1)]);
    const rowsBefore = store.state.getState().rows;
    const outcome = ingestFrames(store, [eventFrame(0), eventFrame(1), eventFrame(1), eventFrame(2)]);
    expect(outcome.resync).toBe(false);
    const { rows, lastSeq } = store.state.getState();
    expect(rows.map((row) => row.key)).toEqual(['e0', 'e1', 'e2']);
    expect(rows[0]).toBe(rowsBefore[0]);
    expect(lastSeq).toBe(2);
    expect(store.lastSeq).toBe(2);
  });

  it('asks for a resync at a gap, never skipping it', () => {
    const store = openStore();
    const outcome = ingestFrames(store, [eventFrame(0), eventFrame(2), eventFrame(3)]);
    expect(outcome.resync).toBe(true);
    expect(store.lastSeq).toBe(0);
    expect(store.state.getState().rows).toHaveLength(1);
  });

  it('says when the history is still replaying', () => {
    const store = new ClientState();
    expect(store.replaying).toBe(false);
    store.openSession('s1');
    expect(store.replaying).toBe(true);
    store.receive(eventFrame(0));
    store.receive({ type: 'caught-up', sessionId: 's1', lastSeq: 0 });
    expect(store.replaying).toBe(false);
  });

  it('publishes received frames only when asked: one store update per animation frame', () => {
    const store = openStore();
    let updates = 0;
    store.state.subscribe(() => (updates += 1));
    for (let seq = 0; seq < 500; seq += 1) store.receive(eventFrame(seq));
    expect(updates).toBe(0);
    expect(store.lastSeq).toBe(499);
    expect(store.state.getState().rows).toHaveLength(0);
    store.publish();
    expect(updates).toBe(1);
    expect(store.state.getState().rows).toHaveLength(500);
    store.publish();
    expect(updates).toBe(1);
  });

  it('asks for a resync when caught-up says more exists than arrived', () => {
    const store = new ClientState();
    store.openSession('s1');
    expect(ingestFrames(store, [eventFrame(0), { type: 'caught-up', sessionId: 's1', lastSeq: 3 }]).resync).toBe(true);
    expect(store.state.getState().caughtUp).toBe(false);
  });

  it('ignores frames for another session', () => {
    const store = openStore();
    ingestFrames(store, [eventFrame(0, 'user/message', undefined, 'other'), { type: 'caught-up', sessionId: 'other', lastSeq: 9 }]);
    expect(store.state.getState().rows).toEqual([]);
  });

  it('starts over when another session opens, keeping the server identity and notices', () => {
    const store = openStore();
    ingestFrames(store, [{ type: 'hello', version: 'v', workspace: '/w', model: null, editor: 'vscode' }, eventFrame(0), { type: 'error', code: 'BAD_FRAME', message: 'bad' }]);
    store.openSession('s2');
    const state = store.state.getState();
    expect(state).toMatchObject({ sessionId: 's2', rows: [], lastSeq: -1, caughtUp: false, header: null });
    expect(state.server?.workspace).toBe('/w');
    expect(state.notices).toHaveLength(1);
    expect(store.lastSeq).toBe(-1);
  });

  it('shows error frames as notices (the last few), and flags an unknown session', () => {
    const store = openStore();
    const outcome = ingestFrames(store, [
      { type: 'error', code: 'MODEL_NOT_CONFIGURED', message: 'no key' },
      { type: 'error', code: 'SLOW_CONSUMER', message: 'too slow' },
      { type: 'error', code: 'UNKNOWN_SESSION', message: 'no such session', sessionId: 's1' },
    ]);
    expect(outcome.unknownSession).toBe(true);
    // No model is the composer's note (shown again), not a second message.
    expect(store.state.getState().notices.map((notice) => notice.code)).toEqual(['UNKNOWN_SESSION']);
    expect(store.state.getState().modelNeededSerial).toBe(1);
    for (let index = 0; index < 10; index += 1) store.notice('X', `n${index}`);
    const notices = store.state.getState().notices;
    expect(notices.map((notice) => notice.message)).toEqual(['n5', 'n6', 'n7', 'n8', 'n9']);
    store.dismissNotice(notices[0]!.id);
    expect(store.state.getState().notices).toHaveLength(4);
  });

  it('marks the echo of a click-through read with its target line and asks to reveal it', () => {
    const store = openStore();
    ingestFrames(store, [eventFrame(0)]);
    store.expectRead(openLocationRequest({ path: 'src/a.ts', line: 42 }, store.lastSeq));
    ingestFrames(store, [
      eventFrame(1, 'tool/call', { callId: 'model-read', name: 'read', args: { path: 'src/a.ts', offset: 32 }, origin: 'model' }),
      eventFrame(2, 'tool/call', { callId: 'mine', name: 'read', args: { offset: 32, path: 'src/a.ts' }, origin: 'user' }),
    ]);
    const state = store.state.getState();
    expect([...state.targetLines]).toEqual([['mine', 42]]);
    expect(state.reveal).toEqual({ callId: 'mine', serial: 1 });
    expect(store.timeline.rowIndexOfCall('mine')).toBe(2);
    // Answered once: an identical later call is not another echo.
    ingestFrames(store, [eventFrame(3, 'tool/call', { callId: 'again', name: 'read', args: { path: 'src/a.ts', offset: 32 }, origin: 'user' })]);
    expect(store.state.getState().reveal).toEqual({ callId: 'mine', serial: 1 });
  });

  it('keeps a click-through read\'s target line and a find hit\'s when the hit comes before the echo is published', () => {
    const store = openStore();
    ingestFrames(store, [eventFrame(0, 'tool/call', { callId: 'found', name: 'read', args: { path: 'src/b.ts' }, origin: 'model' })]);
    store.expectRead(openLocationRequest({ path: 'src/a.ts', line: 42 }, store.lastSeq));
    // The echo arrives in a burst, not yet published, and the person goes to a find hit meanwhile.
    store.receive(eventFrame(1, 'tool/call', { callId: 'mine', name: 'read', args: { path: 'src/a.ts', offset: 32 }, origin: 'user' }));
    store.revealFound(0, { line: 7 });
    store.publish();
    const state = store.state.getState();
    expect(Object.fromEntries(state.targetLines)).toEqual({ mine: 42, found: 7 });
    // The hit came last: it is the row scrolled to.
    expect(state.reveal).toMatchObject({ callId: 'found' });
  });

  // How long this takes is measured by the `store-ingest` benchmark (bench/node/store-ingest.bench.ts),
  // not asserted here: this test checks what the store holds, and that a batch leaves earlier rows alone.
  it('ingests 100,000 events at 128 per batch: each applied once, rows merged, earlier rows left as they were', () => {
    const store = openStore();
    const frames: ServerFrame[] = [];
    for (let seq = 0; seq < 100_000; seq += 1) {
      const kind = seq % 4;
      frames.push(
        kind === 0 ? eventFrame(seq, 'tool/call', { callId: `c${seq}`, name: 'read', args: { path: `f${seq}.ts` }, origin: 'user' })
          : kind === 1 ? eventFrame(seq, 'tool/result', { callId: `c${seq - 1}`, content: [{ type: 'text', text: 'x' }], isError: false })
            : kind === 2 ? eventFrame(seq, 'assistant/text', { messageId: `m${seq >> 6}`, delta: 'token ' })
              : eventFrame(seq, 'user/message'),
      );
    }
    let firstBatchRows: readonly TimelineRow[] | undefined;
    let publishes = 0;
    store.state.subscribe(() => (publishes += 1));
    for (let start = 0; start < frames.length; start += 128) {
      for (let index = start; index < Math.min(start + 128, frames.length); index += 1) store.receive(frames[index]!);
      store.publish();
      firstBatchRows ??= store.state.getState().rows;
    }
    const { rows } = store.state.getState();
    expect(publishes).toBe(Math.ceil(100_000 / 128));
    expect(store.lastSeq).toBe(99_999);
    // 25,000 calls (results merged in), 25,000 user messages, one assistant message per 64 seqs.
    expect(rows.length).toBe(25_000 + 25_000 + Math.ceil(100_000 / 64));
    expect(rows.slice(0, 4).map((row) => row.key)).toEqual(['e0', 'e2', 'e3', 'e4']);
    const last = rows.at(-1)!;
    expect(last).toMatchObject({ kind: 'user-message', seq: 99_999, text: 'm99999' });
    const lastCall = rows.findLast((row) => row.kind === 'tool')!;
    expect(lastCall).toMatchObject({ kind: 'tool', callId: 'c99996', result: { seq: 99_997, isError: false } });
    // Every assistant message holds each of its 16 deltas once (the last one only the deltas sent).
    const messages = rows.filter((row) => row.kind === 'assistant-message');
    expect(messages.slice(0, -1).every((row) => row.kind === 'assistant-message' && row.text === 'token '.repeat(16))).toBe(true);
    // Rows no later event touched are the very objects of the first publish: later batches add
    // and replace rows at the end, they never rebuild the timeline.
    // (Batches of 128 end on a whole assistant message and a call with its result: batch one's rows are all final.)
    const settled = firstBatchRows!;
    expect(settled.length).toBe(32 + 32 + 2);
    expect(rows.slice(0, settled.length).every((row, index) => row === settled[index])).toBe(true);
  });
});
