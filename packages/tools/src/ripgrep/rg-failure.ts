import { assertNever, type ToolError } from '@toolcards/protocol';
import type { RipgrepOutcome } from './rg-runner';

/**
 * ripgrep exits 2 both for a bad pattern or glob (nothing searched) and for
 * unreadable files met during a search (results still valid). This names the
 * first kind; the caller knows whether a search took place.
 */
export function ripgrepStartError(what: string, stderr: string): ToolError {
  const said = stderr.trim();
  if (/exceeds size limit/i.test(said)) {
    return {
      code: 'SEARCH_INVALID_PATTERN',
      message: `The ${what} is too large once compiled: a big counted repetition such as {100000}, or a long one of a Unicode class such as \\w{60}. Use a smaller count, a literal, or [0-9A-Za-z_] instead of \\w. ripgrep says:\n${said}`,
    };
  }
  if (/regex|glob|pattern/i.test(said)) {
    return { code: 'SEARCH_INVALID_PATTERN', message: `Invalid ${what}. ripgrep says:\n${said}` };
  }
  return { code: 'SEARCH_FAILED', message: `The search failed. ripgrep says:\n${said || '(nothing)'}` };
}

/**
 * The error for how ripgrep exited, or undefined when its results stand:
 * exit 0 (found), 1 (nothing found), or 2 after the search ran (some files
 * unreadable). `searched` says whether the search ran.
 */
export function ripgrepExitError(exitCode: number | null, stderr: string, searched: boolean, what: string): ToolError | undefined {
  if (exitCode === 0 || exitCode === 1 || (exitCode === 2 && searched)) return undefined;
  if (exitCode === 2) return ripgrepStartError(what, stderr);
  return { code: 'SEARCH_FAILED', message: `ripgrep ended unexpectedly (exit ${String(exitCode)}). ${stderr.trim()}`.trim() };
}

/** One readable line for files ripgrep could not search, appended to a successful result. */
export function partialSearchNote(stderr: string): string | undefined {
  const lines = stderr.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  if (lines.length === 0) return undefined;
  const more = lines.length > 1 ? ` (and ${lines.length - 1} more)` : '';
  return `(Some files could not be searched: ${lines[0]}${more})`;
}

/** Said when results were dropped because their folder led outside the workspace while ripgrep walked it. */
export function outsideNote(count: number, what: 'matches' | 'paths'): string {
  return `(${count} ${what} left out: their folder was replaced by a link outside the workspace during the search.)`;
}

export function searchTimeoutMessage(tool: string, timeoutMs: number): string {
  const after = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`;
  return `${tool} stopped after ${after} without finishing. Narrow the path, the pattern or the glob.`;
}

export function searchAbortedMessage(tool: string): string {
  return `${tool} was cancelled before it finished.`;
}

/**
 * What a finished ripgrep run means for a search tool: an error, or results
 * that stand with any notes to append. Shared by grep and glob.
 */
export function settleSearch(
  tool: 'grep' | 'glob',
  outcome: RipgrepOutcome,
  run: { timeoutMs: number; searched: boolean; what: string },
): { kind: 'error'; error: ToolError } | { kind: 'results'; notes: string[] } {
  switch (outcome.kind) {
    case 'timeout':
      return { kind: 'error', error: { code: 'SEARCH_TIMEOUT', message: searchTimeoutMessage(tool, run.timeoutMs) } };
    case 'aborted':
      return { kind: 'error', error: { code: 'SEARCH_ABORTED', message: searchAbortedMessage(tool) } };
    case 'out-of-memory':
      return { kind: 'error', error: { code: 'SEARCH_MEMORY_LIMIT', message: `${tool} stopped: ripgrep ran out of memory. Narrow the path, the pattern or the glob.` } };
    case 'failed':
      return { kind: 'error', error: { code: 'SEARCH_FAILED', message: outcome.message } };
    case 'exited': {
      const error = ripgrepExitError(outcome.exitCode, outcome.stderr, run.searched, run.what);
      if (error !== undefined) return { kind: 'error', error };
      const note = outcome.exitCode === 2 ? partialSearchNote(outcome.stderr) : undefined;
      return { kind: 'results', notes: note === undefined ? [] : [note] };
    }
    default:
      return assertNever(outcome, 'ripgrep outcome');
  }
}
