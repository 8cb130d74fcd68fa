import { useEffect, useRef } from 'react';
import { lineInRange } from './line-selection';
import type { ReadGutterActions } from './read-gutter';
import type { ReadLineSelection } from './use-line-selection';

/** What one code row needs of the card's line selection (spread into ReadCodeRow). */
export interface RowSelectionProps {
  selected?: boolean;
  gutter?: ReadGutterActions;
  gutterTabbable?: boolean;
}

export function rowSelectionProps(selection: ReadLineSelection | undefined, line: number, tabStop: number | undefined): RowSelectionProps {
  if (selection === undefined) return {};
  return { selected: lineInRange(line, selection.range), gutter: selection.actions, gutterTabbable: line === tabStop };
}

/**
 * The line number in the tab order among the rows rendered (`first`..`last`): the card's
 * focus line while it is rendered, else the first rendered one, so Tab still finds one.
 */
export function tabStopAmong(focusLine: number | undefined, first: number | undefined, last: number | undefined): number | undefined {
  if (focusLine !== undefined && first !== undefined && last !== undefined && focusLine >= first && focusLine <= last) return focusLine;
  return first;
}

/** Runs `scroll(line)` once per opened link (`scrollTo.key`), and once on mount when there is one. */
export function useScrollToSelectedLine(scrollTo: ReadLineSelection['scrollTo'], ready: boolean, scroll: (line: number) => void): void {
  const latest = useRef(scroll);
  latest.current = scroll;
  const line = scrollTo?.line;
  const key = scrollTo?.key;
  useEffect(() => {
    if (ready && key !== undefined && line !== undefined) latest.current(line);
    // The line is read when the key changes only: a click in the card must not scroll it.
  }, [key, ready]);
}
