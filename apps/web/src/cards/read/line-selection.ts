/** Lines `start`..`end` of a read window (file line numbers, inclusive, start ≤ end). */
export interface LineRange {
  start: number;
  end: number;
}

/** The lines selected in a read card, and the line a shift-click extends from. */
export interface LineSelectionState {
  range: LineRange | undefined;
  anchor: number | undefined;
}

export const NO_LINE_SELECTION: LineSelectionState = { range: undefined, anchor: undefined };

export function lineInRange(line: number, range: LineRange | undefined): boolean {
  return range !== undefined && line >= range.start && line <= range.end;
}

/**
 * A click on a line number, as GitHub does it: a plain click selects that line (and is the
 * anchor of the next shift-click); a shift-click selects from the anchor to the clicked
 * line, whichever way; a plain click on the one selected line clears the selection.
 */
export function nextLineSelection(state: LineSelectionState, line: number, extend: boolean): LineSelectionState {
  if (extend && state.anchor !== undefined) {
    return { range: { start: Math.min(state.anchor, line), end: Math.max(state.anchor, line) }, anchor: state.anchor };
  }
  if (state.range?.start === line && state.range.end === line) return NO_LINE_SELECTION;
  return { range: { start: line, end: line }, anchor: line };
}

/**
 * The part of `range` inside a window of lines `first`..`last`: a link may name lines the
 * card does not show (a hand-edited address); those are not selected, the rest is.
 */
export function rangeInWindow(range: LineRange | undefined, first: number, last: number): LineRange | undefined {
  if (range === undefined) return undefined;
  const start = Math.max(range.start, first);
  const end = Math.min(range.end, last);
  return start <= end ? { start, end } : undefined;
}

export function sameRange(a: LineRange | undefined, b: LineRange | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.start === b.start && a.end === b.end);
}
