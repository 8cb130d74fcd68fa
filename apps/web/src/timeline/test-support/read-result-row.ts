import type { ToolRow } from '../../model/timeline-row';

/** A timeline row of a read call and its result carrying `view` (whatever the wire sent). */
export function readResultRow(view: unknown, isError = false): ToolRow {
  return {
    key: 'e1',
    seq: 1,
    time: 't',
    kind: 'tool',
    callId: 'c1',
    call: { name: 'read', args: { path: 'a.ts' }, origin: 'model', view: undefined },
    result: { seq: 1, content: [], isError, view },
    cancelled: false,
  };
}
