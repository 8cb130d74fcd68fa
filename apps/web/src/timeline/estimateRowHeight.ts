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
      // Padding plus ~100 characters per 21 px line; a first render measures the truth.
      return 20 + 21 * Math.min(40, Math.max(1, Math.ceil(row.text.length / 100)));
    case 'tool':
      return row.result ? 220 : 76;
    case 'turn-end':
      return row.reason === 'done' ? 17 : 44;
    default:
      return assertNever(row, 'timeline row');
  }
}
