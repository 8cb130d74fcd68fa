import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '@toolcards/protocol';
import { ExportRows } from './export-rows';

const at = (seq: number, event: Omit<SessionEvent, 'seq' | 'time'>) => ({ event: { ...event, seq, time: '2026-12-01T10:00:00.000Z' } as SessionEvent });

describe('ExportRows', () => {
  it('steps over the holes an export leaves (whole messages, a range) and keeps every row, block after block', () => {
    const rows = new ExportRows();
    // A range from seq 10; the message's three deltas were seqs 11-13, now one item at 11.
    rows.add([at(10, { type: 'user/message', data: { text: 'go' } }), at(11, { type: 'assistant/text', data: { messageId: 'm', delta: 'whole text' } })]);
    const all = rows.add([
      at(14, { type: 'tool/call', data: { callId: 'c', name: 'read', args: {}, origin: 'model' } }),
      at(15, { type: 'tool/result', data: { callId: 'c', content: [{ type: 'text', text: 'x' }], isError: false } }),
      at(15, { type: 'user/message', data: { text: 'a duplicate seq is skipped' } }),
      at(17, { type: 'turn/end', data: { reason: 'done' } }),
    ]);
    expect(all.map((row) => `${row.kind}@${row.seq}`)).toEqual(['user-message@10', 'assistant-message@11', 'tool@14', 'turn-end@17']);
    expect(all[1]).toMatchObject({ text: 'whole text' });
    expect(all[2]).toMatchObject({ result: { seq: 15 } });
  });
});
