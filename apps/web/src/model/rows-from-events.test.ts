import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { SessionEvent } from '@toolcards/protocol';
import { TimelineBuilder } from './rows-from-events';
import { rowsFromEvents } from '../test-support/rows-from-events';
import type { EventDelivery } from './timeline-row';

type Data<T extends SessionEvent['type']> = Extract<SessionEvent, { type: T }>['data'];

type TestEvent = { [T in SessionEvent['type']]: { type: T; data: Data<T>; view?: unknown } }[SessionEvent['type']];

/** Numbers events from seq 0 in the order given. */
function deliveries(...events: TestEvent[]): EventDelivery[] {
  return events.map(({ view, ...event }, seq) => ({
    event: { ...event, seq, time: `2025-01-01T00:00:${String(seq).padStart(2, '0')}Z` } as SessionEvent,
    ...(view === undefined ? {} : { view }),
  }));
}

const call = (callId: string, origin: 'model' | 'user' = 'model', view: unknown = { card: 'generic', title: `Read ${callId}` }) =>
  ({ type: 'tool/call', data: { callId, name: 'read', args: { path: `${callId}.ts` }, origin }, view }) as const;
const result = (callId: string, view: unknown = { card: 'generic', content: `done ${callId}` }): TestEvent =>
  ({ type: 'tool/result', data: { callId, content: [{ type: 'text', text: `done ${callId}` }], isError: false }, view });
const delta = (messageId: string, text: string) => ({ type: 'assistant/text', data: { messageId, delta: text } }) as const;
const turnEnd = (reason: 'done' | 'cancelled' | 'error' | 'step-limit', error?: string) =>
  ({ type: 'turn/end', data: error === undefined ? { reason } : { reason, error } }) as const;

describe('rowsFromEvents', () => {
  it('starts empty', () => {
    expect(rowsFromEvents([])).toEqual([]);
  });

  it('shows a pending call, then replaces it in place with its result', () => {
    const events = deliveries(call('a'), { type: 'user/message', data: { text: 'hi' } }, result('a'));
    const pending = rowsFromEvents(events.slice(0, 2));
    expect(pending[0]).toMatchObject({ kind: 'tool', callId: 'a', key: 'e0', cancelled: false, call: { name: 'read', view: { card: 'generic', title: 'Read a' } } });
    expect(pending[0]).not.toHaveProperty('result');

    const done = rowsFromEvents(events);
    expect(done).toHaveLength(2);
    expect(done[0]).toMatchObject({ kind: 'tool', key: 'e0', result: { seq: 2, isError: false, view: { card: 'generic', content: 'done a' } } });
    expect(done[1]).toMatchObject({ kind: 'user-message', text: 'hi' });
  });

  it('keeps a result error and its code', () => {
    const rows = rowsFromEvents(deliveries(call('a'), {
      type: 'tool/result',
      data: { callId: 'a', content: [{ type: 'text', text: 'nope' }], isError: true, error: { code: 'FS_NOT_FOUND', message: 'nope' } },
    }));
    expect(rows[0]).toMatchObject({ result: { isError: true, error: { code: 'FS_NOT_FOUND', message: 'nope' } } });
  });

  it('groups assistant deltas by messageId at the position of the first delta', () => {
    const rows = rowsFromEvents(deliveries(
      { type: 'user/message', data: { text: 'q' } },
      delta('m1', 'Hel'),
      delta('m1', 'lo'),
      call('a'),
      delta('m2', 'Second'),
      delta('m1', '!'),
      delta('m2', ' one'),
    ));
    expect(rows.map((row) => row.kind)).toEqual(['user-message', 'assistant-message', 'tool', 'assistant-message']);
    expect(rows[1]).toMatchObject({ messageId: 'm1', text: 'Hello!', key: 'e1' });
    expect(rows[3]).toMatchObject({ messageId: 'm2', text: 'Second one', key: 'e4' });
  });

  it('marks model calls still open at a turn/end as cancelled, and shows the reason', () => {
    const rows = rowsFromEvents(deliveries(call('a'), call('b'), result('a'), turnEnd('cancelled')));
    expect(rows[0]).toMatchObject({ callId: 'a', cancelled: false, result: {} });
    expect(rows[1]).toMatchObject({ callId: 'b', cancelled: true });
    expect(rows[2]).toMatchObject({ kind: 'turn-end', reason: 'cancelled' });
  });

  it('carries the error text of a failed turn', () => {
    const rows = rowsFromEvents(deliveries(turnEnd('error', 'HTTP 401 from the model API')));
    expect(rows[0]).toEqual({ kind: 'turn-end', key: 'e0', seq: 0, time: expect.any(String), reason: 'error', error: 'HTTP 401 from the model API' });
  });

  it('leaves a direct user call running across a model turn that ends normally', () => {
    const rows = rowsFromEvents(deliveries(call('u', 'user'), call('m'), turnEnd('done')));
    expect(rows[0]).toMatchObject({ callId: 'u', cancelled: false });
    expect(rows[1]).toMatchObject({ callId: 'm', cancelled: true });
  });

  it('cancels a direct user call when the turn end says cancelled', () => {
    const rows = rowsFromEvents(deliveries(call('u', 'user'), turnEnd('cancelled')));
    expect(rows[0]).toMatchObject({ callId: 'u', cancelled: true });
  });

  it('lets a late result replace a call marked cancelled', () => {
    const rows = rowsFromEvents(deliveries(call('a'), turnEnd('done'), result('a')));
    expect(rows[0]).toMatchObject({ callId: 'a', cancelled: false, result: { seq: 2 } });
  });

  it('shows a result whose call never arrived on its own row', () => {
    const rows = rowsFromEvents(deliveries(result('ghost')));
    expect(rows[0]).toMatchObject({ kind: 'tool', callId: 'ghost', cancelled: false, result: { seq: 0 } });
    expect(rows[0]).not.toHaveProperty('call');
  });

  it('ignores duplicated and out-of-order (stale) seqs', () => {
    const events = deliveries(call('a'), delta('m', 'x'), result('a'));
    const [first, second, third] = events as [EventDelivery, EventDelivery, EventDelivery];
    const rows = rowsFromEvents([first, first, second, first, second, third, second, third]);
    expect(rows).toEqual(rowsFromEvents(events));
    expect(rows[1]).toMatchObject({ text: 'x' });
  });

  it('stops at a gap instead of skipping it', () => {
    const events = deliveries(call('a'), delta('m', 'x'), result('a'));
    const rows = rowsFromEvents([events[0]!, events[2]!, events[1]!]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).not.toHaveProperty('result');
  });

  it('reports each outcome from the builder and keeps lastSeq', () => {
    const [a, b, c] = deliveries(call('a'), delta('m', 'x'), result('a')) as [EventDelivery, EventDelivery, EventDelivery];
    const builder = new TimelineBuilder();
    expect(builder.append(a)).toBe('applied');
    expect(builder.append(a)).toBe('duplicate');
    expect(builder.append(c)).toBe('gap');
    expect(builder.lastSeq).toBe(0);
    expect(builder.append(b)).toBe('applied');
    expect(builder.append(c)).toBe('applied');
    expect(builder.lastSeq).toBe(2);
    expect(builder.rowIndexOfCall('a')).toBe(0);
  });

  it('tracks open calls and open turns', () => {
    const builder = new TimelineBuilder();
    const events = deliveries({ type: 'user/message', data: { text: 'q' } }, call('a'), result('a'), turnEnd('done'), call('u', 'user'), result('u'));
    const states = events.map((delivery) => (builder.append(delivery), [builder.someOpenCall(() => true), builder.turnOpen]));
    expect(states).toEqual([[false, true], [true, true], [false, true], [false, false], [true, false], [false, false]]);
  });

  it('keeps snapshots immutable and unchanged rows identical', () => {
    const builder = new TimelineBuilder();
    const [a, b, c] = deliveries(call('a'), delta('m', 'x'), result('a')) as [EventDelivery, EventDelivery, EventDelivery];
    builder.append(a);
    builder.append(b);
    const before = builder.rowsSnapshot();
    expect(builder.rowsSnapshot()).toBe(before);
    builder.append(c);
    const after = builder.rowsSnapshot();
    expect(after).not.toBe(before);
    expect(before[0]).not.toHaveProperty('result');
    expect(after[1]).toBe(before[1]);
  });

  it('gives the same rows whether events arrive at once, in chunks, or with replays', () => {
    const eventArb = fc.oneof(
      fc.record({ type: fc.constant('user/message' as const), data: fc.record({ text: fc.string() }) }),
      fc.record({ type: fc.constant('assistant/text' as const), data: fc.record({ messageId: fc.constantFrom('m1', 'm2', 'm3'), delta: fc.string() }) }),
      fc.constantFrom('c1', 'c2', 'c3', 'c4').chain((callId) => fc.constantFrom(call(callId), call(callId, 'user'), result(callId))),
      fc.constantFrom('done', 'cancelled', 'error', 'step-limit').map((reason) => turnEnd(reason)),
    );
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 40 }), (events, replays) => {
        const all = deliveries(...events);
        const whole = rowsFromEvents(all);
        // Replay stale prefixes between the events, as a resume after a reconnect would.
        const noisy: EventDelivery[] = [];
        all.forEach((delivery, index) => {
          noisy.push(delivery);
          const back = replays[index];
          if (back !== undefined) noisy.push(...all.slice(Math.max(0, index - (back % 5)), index + 1));
        });
        const builder = new TimelineBuilder();
        for (const delivery of noisy) {
          builder.append(delivery);
          if (delivery.event.seq % 3 === 0) builder.rowsSnapshot();
        }
        expect(builder.rowsSnapshot()).toEqual(whole);
      }),
    );
  });
});
