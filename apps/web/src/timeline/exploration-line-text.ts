import { assertNever, type ToolCallView, type ToolResultView } from '@toolcards/protocol';
import { readHeaderText } from '../cards/read/read-header-text';
import { matchesSummaryText, pathsSummaryText } from '../cards/search/search-summary-text';

/** How a call in a fold stands: done, failed, still running (or queued), or ended without a result. */
export type ExplorationLineState = 'done' | 'error' | 'running' | 'cancelled';

/** One compact line of a fold: what was looked at, and what came of it. */
export interface ExplorationLine {
  /** "src/app.ts" for a read; the call's title ("Grep needle in src", "Glob **\/*.ts") for a search. */
  subject: string;
  /** "lines 1–40 of 120", "12 matches in 3 files", "3 files", or what failed. */
  detail: string;
  state: ExplorationLineState;
}

/** What a call's outcome is, as the row knows it. */
export type ExplorationOutcome =
  | { state: 'done'; result: ToolResultView }
  | { state: 'error'; code?: string | undefined; message?: string | undefined }
  | { state: 'running'; queued?: boolean }
  | { state: 'cancelled' };

/** A fold's line for one call: the card's own presenters (read header, search summary) in one line. */
export function explorationLineOf(call: ToolCallView, outcome: ExplorationOutcome): ExplorationLine {
  const title = call.title;
  switch (outcome.state) {
    case 'done':
      return doneLine(title, outcome.result);
    case 'error':
      return { subject: title, detail: firstLine(outcome.message) ?? outcome.code ?? 'failed', state: 'error' };
    case 'running':
      return { subject: title, detail: outcome.queued ? 'queued…' : 'running…', state: 'running' };
    case 'cancelled':
      return { subject: title, detail: 'cancelled', state: 'cancelled' };
    default:
      return assertNever(outcome, 'exploration outcome');
  }
}

function doneLine(title: string, result: ToolResultView): ExplorationLine {
  switch (result.card) {
    case 'read':
      return { subject: result.path, detail: readHeaderText(result).range, state: 'done' };
    case 'search':
      return { subject: result.title ?? title, detail: result.shape === 'matches' ? matchesSummaryText(result) : pathsSummaryText(result), state: 'done' };
    case 'generic':
    case 'terminal':
    case 'diff':
    case 'plan':
      // Not drawable as a read or a search (a malformed view, a lean result): its title, its card when opened.
      return { subject: result.title ?? title, detail: '', state: 'done' };
    default:
      return assertNever(result, 'result card');
  }
}

function firstLine(text: string | undefined): string | undefined {
  const line = text?.split('\n', 1)[0]?.trim();
  return line === '' ? undefined : line;
}

/** "Read src/app.ts, lines 1–40 of 120. Show its card": a line's name for screen readers. */
export function explorationLineLabel(line: ExplorationLine, open: boolean): string {
  const what = [line.subject, line.detail].filter((part) => part !== '').join(', ');
  const state = line.state === 'error' ? 'failed: ' : '';
  return `${state}${what}. ${open ? 'Fold its card back to a line' : 'Show its card'}`;
}
