import { assertNever } from '@toolcards/protocol';
import type { DisplayRow } from '../model/exploration-runs';
import type { TimelineRow } from '../model/timeline-row';

/** A fold's header and a folded call's line (fold.css sizes them to these). */
export const FOLD_HEADER_PX = 42;
export const FOLD_LINE_PX = 28;

/** A display row's first guess: a fold's header and lines are small and fixed; an open call is its card. */
export function estimateDisplayRowHeight(display: DisplayRow | undefined): number {
  if (!display) return 80;
  switch (display.kind) {
    case 'row':
      return estimateRowHeight(display.row);
    case 'fold-header':
      return FOLD_HEADER_PX;
    case 'fold-call':
      return display.open ? estimateRowHeight(display.row) : FOLD_LINE_PX;
    default:
      return assertNever(display, 'display row');
  }
}

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
      return row.result ? estimateResultHeight(row.result.view) : 76;
    case 'turn-end':
      return row.reason === 'done' ? 17 : 44;
    default:
      return assertNever(row, 'timeline row');
  }
}

/** Card chrome: header, borders and the gap to the next row. */
const CARD_CHROME_PX = 60;
const CODE_LINE_PX = 20;
const LIST_ROW_PX = 23;
/** The read card's code and the search card's lists scroll inside these heights. */
const READ_VIEWPORT_PX = 448;
const SEARCH_LIST_PX = 576;

/**
 * From the (unvalidated) view: a read card shows its lines up to its viewport, a search
 * card its rows up to its list's height. Close guesses mean the first screen of a long
 * session mounts only the cards that fit, not twice as many.
 */
function estimateResultHeight(view: unknown): number {
  if (typeof view !== 'object' || view === null) return 120;
  const { card, lines, paths, files, output, items } = view as { card?: unknown; lines?: unknown; paths?: unknown; files?: unknown; output?: unknown; items?: unknown };
  if (card === 'read' && Array.isArray(lines)) return CARD_CHROME_PX + Math.min(READ_VIEWPORT_PX, Math.max(1, lines.length) * CODE_LINE_PX);
  if (card === 'search' && Array.isArray(paths)) return CARD_CHROME_PX + LIST_ROW_PX + Math.min(SEARCH_LIST_PX, paths.length * LIST_ROW_PX);
  if (card === 'search' && Array.isArray(files)) return CARD_CHROME_PX + LIST_ROW_PX + Math.min(SEARCH_LIST_PX, files.length * 2 * LIST_ROW_PX);
  if (card === 'terminal' && typeof output === 'string') return TERMINAL_CHROME_PX + Math.min(TERMINAL_SHOWN_LINES, Math.max(1, lineCount(output))) * CODE_LINE_PX;
  if (card === 'diff' && Array.isArray(files)) return CARD_CHROME_PX + Math.min(READ_VIEWPORT_PX, files.length * 3 * CODE_LINE_PX);
  if (card === 'plan' && Array.isArray(items)) return CARD_CHROME_PX + Math.max(1, items.length) * LIST_ROW_PX;
  return 120;
}

/** The terminal card's header holds the command line too; it shows at most its first and last lines collapsed. */
const TERMINAL_CHROME_PX = CARD_CHROME_PX + 24;
const TERMINAL_SHOWN_LINES = 21;

function lineCount(text: string): number {
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1 && count <= TERMINAL_SHOWN_LINES; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}
