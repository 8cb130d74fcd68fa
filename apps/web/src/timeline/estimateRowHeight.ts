import { assertNever } from '@toolcards/protocol';
import type { TimelineRow } from './TimelineRow';

/**
 * A first guess of a row's height before it is measured; close guesses keep the
 * scrollbar steady while a long session is scrolled for the first time.
 */
export function estimateRowHeight(row: TimelineRow | undefined): number {
  if (!row) return 80;
  switch (row.kind) {
    case 'user-message':
    case 'assistant-message':
      return 40 + 20 * Math.min(30, Math.ceil(row.text.length / 100));
    case 'tool':
      return row.result ? 220 : 76;
    case 'turn-end':
      return row.reason === 'done' ? 17 : 44;
    default:
      return assertNever(row, 'timeline row');
  }
}
