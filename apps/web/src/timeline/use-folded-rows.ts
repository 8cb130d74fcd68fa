import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  explorationKindOf,
  foldedTimeline,
  NO_OPENINGS,
  openCalls,
  setRunExpanded,
  toggleCall,
  type ExplorationRun,
  type FoldedTimeline,
  type FoldOpenings,
} from '../model/exploration-runs';
import type { TimelineRow } from '../model/timeline-row';
import { useDensity } from './density-setting';

export interface FoldedRows {
  folded: FoldedTimeline;
  onToggleCall: (rowKey: string, open: boolean) => void;
  onExpandRun: (run: ExplorationRun, expanded: boolean) => void;
}

/** Cards drawn at the end before their run folded: at most the two a run has before it reaches three. */
const DRAWN_TAIL = 2;

/**
 * The timeline's rows with runs folded (model/exploration-runs.ts), and the person's openings.
 * Two rules keep what is on screen put:
 * - a call revealed (a find hit, a link, the Files panel, a jump) is opened in its fold before
 *   the timeline scrolls to it: every reveal goes through the store's `reveal`;
 * - a card drawn at the end before its run reached three calls stays a card above the fold,
 *   which starts at the next call: a live run folds as it grows and nothing above it moves.
 */
export function useFoldedRows(sessionId: string | null, rows: readonly TimelineRow[], live: boolean, revealedRowIndex: number | undefined, revealSerial: number | undefined): FoldedRows {
  const density = useDensity();
  const [state, setState] = useState<{ sessionId: string | null; openings: FoldOpenings; revealSerial: number | undefined }>({ sessionId, openings: NO_OPENINGS, revealSerial: undefined });
  // Row keys repeat across sessions (`e<seq>`): another session starts with nothing open.
  if (state.sessionId !== sessionId) setState({ sessionId, openings: NO_OPENINGS, revealSerial: undefined });
  const drawn = useRef<Set<string>>(new Set());
  if (state.sessionId !== sessionId) drawn.current = new Set();

  const openings = state.openings;
  // The drawn cards are read again whenever the rows change (they are noted after each commit).
  const folded = useMemo(() => foldedTimeline(rows, density, openings, drawn.current), [rows, density, openings]);

  // A reveal into a fold opens its call first (state set in render: React renders again before committing).
  if (revealSerial !== undefined && revealSerial !== state.revealSerial) {
    const row = revealedRowIndex === undefined ? undefined : rows[revealedRowIndex];
    const inFold = revealedRowIndex !== undefined && folded.runOfRow(revealedRowIndex) !== undefined;
    // Not yet in the rows (a read's echo still to come): looked at again when the rows change.
    if (row !== undefined) setState({ ...state, openings: inFold ? openCalls(state.openings, [row.key]) : state.openings, revealSerial });
  }

  // The exploration cards drawn at the end while live, in compact density: they stay cards if a run forms.
  useLayoutEffect(() => {
    if (!live || density !== 'compact') return;
    for (let index = folded.rows.length - 1, seen = 0; index >= 0 && seen < DRAWN_TAIL; index -= 1, seen += 1) {
      const display = folded.rows[index]!;
      if (display.kind !== 'row' || explorationKindOf(display.row) === undefined) break;
      drawn.current.add(display.key);
    }
  }, [folded, live, density]);

  const onToggleCall = useCallback((rowKey: string, open: boolean) => {
    setState((current) => ({ ...current, openings: toggleCall(current.openings, rowKey, open) }));
  }, []);
  const onExpandRun = useCallback((run: ExplorationRun, expanded: boolean) => {
    setState((current) => ({ ...current, openings: setRunExpanded(current.openings, run, expanded) }));
  }, []);
  return { folded, onToggleCall, onExpandRun };
}
