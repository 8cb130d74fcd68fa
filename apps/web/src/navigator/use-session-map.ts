import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { useClient, useSessionState } from '../store/client-context';
import { rowIndexForSeq } from '../model/row-index-for-seq';
import type { TimelineRow } from '../model/timeline-row';
import { EMPTY_OUTLINE, outlineFromRows, turnIndexOfRow, type Outline } from './outline-from-rows';
import type { VisibleRows } from './visible-rows';

/** What the navigator, the strip and j/k share: the outline, where the view is, and how to go somewhere. */
export interface SessionMap {
  rows: readonly TimelineRow[];
  outline: Outline;
  /** The rows on screen, by index (undefined: none measured yet). */
  onScreen: { first: number; last: number } | undefined;
  /** The turn the view is in: the one holding the first row on screen. */
  currentTurn: number | undefined;
  /** The first row on screen is its turn's first row. */
  atTurnStart: boolean;
  /** Shows row `index` at the top of the timeline (no address change: the page's link stays). */
  goToRow(index: number): void;
}

/** The open session's map, from the store's rows and the rows on screen. */
export function useSessionMap(visibleRows: VisibleRows): SessionMap {
  const client = useClient();
  const rows = useSessionState((state) => state.rows);
  const previous = useRef<Outline>(EMPTY_OUTLINE);
  const outline = useMemo(() => {
    // Turns equal to the last outline's stay the same objects (outline-from-rows.ts).
    const next = outlineFromRows(rows, previous.current);
    previous.current = next;
    return next;
  }, [rows]);
  const visible = useSyncExternalStore(visibleRows.subscribe, visibleRows.getSnapshot);
  const onScreen = useMemo(() => {
    if (visible === null) return undefined;
    const first = rowIndexForSeq(rows, visible.first);
    const last = rowIndexForSeq(rows, visible.last);
    return first === undefined || last === undefined ? undefined : { first, last };
  }, [rows, visible]);
  const currentTurn = onScreen === undefined ? undefined : turnIndexOfRow(outline.turns, onScreen.first);
  const atTurnStart = currentTurn !== undefined && onScreen !== undefined && outline.turns[currentTurn]!.firstRow >= onScreen.first;
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const goToRow = useCallback(
    (index: number) => {
      const row = rowsRef.current[index];
      if (row) client.store.revealFound(row.seq, {});
    },
    [client],
  );
  return { rows, outline, onScreen, currentTurn, atTurnStart, goToRow };
}
