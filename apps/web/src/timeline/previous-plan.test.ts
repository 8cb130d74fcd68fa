import { describe, expect, it } from 'vitest';
import type { PlanResultView } from '@toolcards/protocol';
import { isPlanResultRow, previousPlanOf } from './previous-plan';
import type { TimelineRow, ToolRow } from '../model/timeline-row';

let seq = 0;
function toolRow(callId: string, view: unknown, isError = false): ToolRow {
  seq += 1;
  return {
    key: `e${seq}`,
    seq,
    time: 't',
    kind: 'tool',
    callId,
    call: { name: 'TodoWrite', args: {}, origin: 'model', view: undefined },
    result: { seq, content: [], isError, view },
    cancelled: false,
  };
}
const plan = (...texts: string[]): PlanResultView => ({ card: 'plan', items: texts.map((text) => ({ text, status: 'pending' })) });

describe('previousPlanOf', () => {
  it('gives each plan card the plan card before it in the session, and the first one none', () => {
    const first = plan('a');
    const second = plan('a', 'b');
    const rows: TimelineRow[] = [
      toolRow('p1', first),
      { key: 'u', seq: 99, time: 't', kind: 'user-message', text: 'go on' },
      toolRow('r1', { card: 'read', path: 'x.ts', offset: 1, lines: [], totalLines: 0 }),
      toolRow('p2', second),
      toolRow('p3', plan('a', 'b', 'c')),
    ];
    expect(previousPlanOf(rows, 'p1')).toBeUndefined();
    expect(previousPlanOf(rows, 'p2')?.items.map((item) => item.text)).toEqual(['a']);
    expect(previousPlanOf(rows, 'p3')?.items.map((item) => item.text)).toEqual(['a', 'b']);
  });

  it('skips failed plan calls and plan views that do not validate', () => {
    const rows: TimelineRow[] = [toolRow('p1', plan('kept')), toolRow('bad', { card: 'plan', items: 'nope' }), toolRow('err', plan('failed'), true), toolRow('p2', plan('next'))];
    expect(previousPlanOf(rows, 'p2')?.items.map((item) => item.text)).toEqual(['kept']);
    expect(isPlanResultRow(rows[2]!)).toBe(false);
  });

  it('answers the same object for the same rows (a store selector stays stable)', () => {
    const rows: TimelineRow[] = [toolRow('p1', plan('a')), toolRow('p2', plan('b'))];
    expect(previousPlanOf(rows, 'p2')).toBe(previousPlanOf(rows, 'p2'));
  });
});
