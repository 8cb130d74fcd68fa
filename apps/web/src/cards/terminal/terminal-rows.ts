import type { TerminalLine, TerminalOutput } from './terminal-lines';

/** One row of the output: a line of stdout or stderr, numbered across both as find numbers them. */
export interface TerminalRow {
  /** 0-based across stdout then stderr (FindText's `terminal-line`). */
  index: number;
  stream: 'stdout' | 'stderr';
  line: TerminalLine;
}

/** stdout's rows, then stderr's (marked), each drawn when first asked for. */
export interface TerminalRows {
  readonly count: number;
  /** The first stderr row's index, or -1. */
  readonly firstStderr: number;
  row(index: number): TerminalRow;
  /** Row `index` with its styles if they are ready, else its plain text (TerminalOutput.plainLine). */
  rowSoon(index: number): TerminalRow;
}

/** Lines shown at each end of a long output before "Show all N lines". */
export const EDGE_LINES = 10;

export function terminalRows(stdout: TerminalOutput, stderr: TerminalOutput): TerminalRows {
  const rows = new Map<number, TerminalRow>();
  const sourceOf = (index: number): [TerminalOutput, number, TerminalRow['stream']] =>
    index < stdout.lineCount ? [stdout, index, 'stdout'] : [stderr, index - stdout.lineCount, 'stderr'];
  return {
    count: stdout.lineCount + stderr.lineCount,
    firstStderr: stderr.lineCount > 0 ? stdout.lineCount : -1,
    row(index) {
      let row = rows.get(index);
      if (row === undefined) {
        row = index < stdout.lineCount ? { index, stream: 'stdout', line: stdout.line(index) } : { index, stream: 'stderr', line: stderr.line(index - stdout.lineCount) };
        rows.set(index, row);
      }
      return row;
    },
    rowSoon(index) {
      const [source, at, stream] = sourceOf(index);
      return rows.has(index) || source.isDrawn(at) ? this.row(index) : { index, stream, line: source.plainLine(at) };
    },
  };
}

/** Every row's text, lines joined by `\n`: what Copy output copies. */
export function rowsText(rows: TerminalRows): string {
  return Array.from({ length: rows.count }, (_, index) => rows.row(index).line.text).join('\n');
}

/** What a collapsed output shows: all of it when short, else its first and last rows around the hidden count. */
export type CollapsedRows = { kind: 'all'; rows: readonly TerminalRow[] } | { kind: 'ends'; head: readonly TerminalRow[]; hidden: number; tail: readonly TerminalRow[] };

/**
 * `styled: false` gives rows far down their plain text when their styles are not ready (the
 * card's first paint); the card asks again with `styled: true` in a task of its own.
 */
export function collapsedRows(rows: TerminalRows, edge = EDGE_LINES, { styled = true } = {}): CollapsedRows {
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, offset) => (styled ? rows.row(from + offset) : rows.rowSoon(from + offset)));
  // Hiding fewer lines than one end shows saves nothing: show them.
  if (rows.count <= edge * 3) return { kind: 'all', rows: range(0, rows.count) };
  return { kind: 'ends', head: range(0, edge), hidden: rows.count - edge * 2, tail: range(rows.count - edge, rows.count) };
}
