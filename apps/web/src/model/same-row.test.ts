import { describe, expect, it } from 'vitest';
import { keepUnchangedRows, sameRow } from './same-row';
import type { TimelineRow, ToolRow } from './timeline-row';

const view = { card: 'read' };
const args = { path: 'a.ts' };
const content: [] = [];
const tool = (change: Partial<ToolRow> = {}): ToolRow => ({
  key: 'e1', seq: 1, time: 't', kind: 'tool', callId: 'c1', cancelled: false,
  call: { name: 'read', args, origin: 'user', view },
  result: { seq: 2, content, isError: false, view },
  ...change,
});

describe('sameRow', () => {
  it('takes a row rebuilt from the same events for the same', () => {
    expect(sameRow(tool(), tool())).toBe(true);
    expect(sameRow({ key: 'e3', seq: 3, time: 't', kind: 'user-message', text: 'hi' }, { key: 'e3', seq: 3, time: 't', kind: 'user-message', text: 'hi' })).toBe(true);
  });

  it('tells a row that changed: a result arrived, another view, cancelled, another kind', () => {
    expect(sameRow(tool({ result: undefined }), tool())).toBe(false);
    expect(sameRow(tool(), tool({ result: { seq: 2, content, isError: false, view: { card: 'read' } } }))).toBe(false);
    expect(sameRow(tool({ cancelled: true }), tool())).toBe(false);
    expect(sameRow(tool(), { key: 'e1', seq: 1, time: 't', kind: 'turn-end', reason: 'done' })).toBe(false);
  });
});

describe('keepUnchangedRows', () => {
  it('puts back the previous object of each unchanged row and leaves the changed ones', () => {
    const kept = tool();
    const changed = tool({ key: 'e5', seq: 5, callId: 'c5', result: undefined });
    const next: TimelineRow[] = [tool(), tool({ key: 'e5', seq: 5, callId: 'c5' })];
    keepUnchangedRows([kept, changed], next);
    expect(next[0]).toBe(kept);
    expect(next[1]).not.toBe(changed);
  });
});
