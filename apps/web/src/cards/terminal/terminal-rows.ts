import type { TerminalLine } from './terminal-lines';

/** One row of the output: a line of stdout or stderr, numbered across both as find numbers them. */
export interface TerminalRow {
  /** 0-based across stdout then stderr (FindText's `terminal-line`). */
  index: number;
  stream: 'stdout' | 'stderr';
  line: TerminalLine;
}

/** Lines shown at each end of a long output before "Show all N lines". */
export const EDGE_LINES = 10;

/** stdout's rows, then stderr's (marked), in one list. */
export function terminalRows(stdout: readonly TerminalLine[], stderr: readonly TerminalLine[]): TerminalRow[] {
  return [
    ...stdout.map((line, index): TerminalRow => ({ index, stream: 'stdout', line })),
    ...stderr.map((line, index): TerminalRow => ({ index: stdout.length + index, stream: 'stderr', line })),
  ];
}

/** What a collapsed output shows: all of it when short, else its first and last lines around the hidden count. */
export type CollapsedRows = { kind: 'all'; rows: readonly TerminalRow[] } | { kind: 'ends'; head: readonly TerminalRow[]; hidden: number; tail: readonly TerminalRow[] };

export function collapsedRows(rows: readonly TerminalRow[], edge = EDGE_LINES): CollapsedRows {
  // Hiding fewer lines than one end shows saves nothing: show them.
  if (rows.length <= edge * 3) return { kind: 'all', rows };
  return { kind: 'ends', head: rows.slice(0, edge), hidden: rows.length - edge * 2, tail: rows.slice(rows.length - edge) };
}
