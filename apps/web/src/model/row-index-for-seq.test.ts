import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '@toolcards/protocol';
import { rowsFromEvents } from '../test-support/rows-from-events';
import { rowHoldsSeq, rowIndexForSeq } from './row-index-for-seq';

const time = '2025-01-01T00:00:00Z';
const call = (seq: number, callId: string): SessionEvent => ({ seq, time, type: 'tool/call', data: { callId, name: 'read', args: { path: 'a' }, origin: 'user' } });
const result = (seq: number, callId: string): SessionEvent => ({ seq, time, type: 'tool/result', data: { callId, content: [], isError: false } });

// 0 user, 1 call a, 2 call b, 3 text m, 4 result b, 5 text m, 6 result a, 7 turn end
const events: SessionEvent[] = [
  { seq: 0, time, type: 'user/message', data: { text: 'hi' } },
  call(1, 'a'),
  call(2, 'b'),
  { seq: 3, time, type: 'assistant/text', data: { messageId: 'm', delta: 'x' } },
  result(4, 'b'),
  { seq: 5, time, type: 'assistant/text', data: { messageId: 'm', delta: 'y' } },
  result(6, 'a'),
  { seq: 7, time, type: 'turn/end', data: { reason: 'done' } },
];
const rows = rowsFromEvents(events.map((event) => ({ event })));

describe('rowIndexForSeq', () => {
  it('finds the row an event starts', () => {
    expect(rows.map((row) => row.seq)).toEqual([0, 1, 2, 3, 7]);
    expect([0, 1, 2, 3, 7].map((seq) => rowIndexForSeq(rows, seq))).toEqual([0, 1, 2, 3, 4]);
  });

  it("finds a result on its call's row, however far back the call is", () => {
    expect(rowIndexForSeq(rows, 4)).toBe(2);
    expect(rowIndexForSeq(rows, 6)).toBe(1);
    expect(rowHoldsSeq(rows[1]!, 6)).toBe(true);
    expect(rowHoldsSeq(rows[1]!, 4)).toBe(false);
  });

  it('puts a later delta of a message on the row before it, and nothing before the first row', () => {
    expect(rowIndexForSeq(rows, 5)).toBe(3);
    expect(rowIndexForSeq(rows.slice(1), 0)).toBeUndefined();
    expect(rowIndexForSeq([], 3)).toBeUndefined();
  });
});
