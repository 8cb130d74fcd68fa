import { assertNever } from '@toolcards/protocol';
import type { TimelineRow, ToolCallRecord, ToolResultRecord } from './timeline-row';

/**
 * Two rows that show the same thing: same event, same text, the same call and result (their
 * arguments and views the very objects the events carried). An older page rebuilds every row
 * from the held events; a row that did not change keeps its object, so the cards on screen
 * are not rendered again for each page spliced in front of them.
 */
export function sameRow(a: TimelineRow, b: TimelineRow): boolean {
  if (a.key !== b.key || a.seq !== b.seq || a.time !== b.time) return false;
  switch (a.kind) {
    case 'user-message':
      return b.kind === 'user-message' && a.text === b.text;
    case 'assistant-message':
      return b.kind === 'assistant-message' && a.messageId === b.messageId && a.text === b.text;
    case 'turn-end':
      return b.kind === 'turn-end' && a.reason === b.reason && a.error === b.error;
    case 'tool':
      return b.kind === 'tool' && a.callId === b.callId && a.cancelled === b.cancelled && sameCall(a.call, b.call) && sameResult(a.result, b.result);
    default:
      return assertNever(a, 'timeline row');
  }
}

function sameCall(a: ToolCallRecord | undefined, b: ToolCallRecord | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.name === b.name && a.args === b.args && a.origin === b.origin && a.view === b.view;
}

function sameResult(a: ToolResultRecord | undefined, b: ToolResultRecord | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.seq === b.seq && a.content === b.content && a.isError === b.isError && a.view === b.view && a.error === b.error && a.contentOmitted === b.contentOmitted;
}

/** `next`, with each row that `sameRow` finds unchanged in `previous` replaced by the previous object. */
export function keepUnchangedRows(previous: readonly TimelineRow[], next: TimelineRow[]): void {
  const byKey = new Map<string, TimelineRow>();
  for (const row of previous) byKey.set(row.key, row);
  for (let index = 0; index < next.length; index += 1) {
    const before = byKey.get(next[index]!.key);
    if (before !== undefined && sameRow(before, next[index]!)) next[index] = before;
  }
}
