import { useCallback, useEffect, useRef } from 'react';
import type { VirtualItem } from '@tanstack/react-virtual';
import { useClient, useSessionState } from '../store/client-context';
import type { HistoryState } from '../model/timeline-model';
import type { TimelineRow } from '../model/timeline-row';
import type { DisplayRow } from '../model/exploration-runs';
import { LinkedCardProgress } from './linked-card-progress';
import { DeferredRowView, holdCardsWhileFlung } from './deferred-row-view';
import { rowIndexForSeq } from '../model/row-index-for-seq';
import { useTimelineScroll, type RevealedRow } from './use-timeline-scroll';
import { useFoldedRows, type FoldedRows } from './use-folded-rows';
import { FoldHeaderView } from './fold-header-view';
import { FoldCallLine, FoldCallRail } from './fold-call-line';
import './timeline.css';
import './fold.css';

/**
 * The session's rows, virtualized: only the rows in view (plus a few) are in the DOM, each
 * measured once rendered. At the end, the view follows new rows; scrolled up, the row in view
 * stays put while older pages are spliced in above it and new rows arrive below
 * (TimelineScroll). No render or commit reads layout.
 */
export function Timeline() {
  const client = useClient();
  // Not deferred (useDeferredValue): a long session's row list then lagged far behind the
  // store (decision 0016, Measurements); the store batches its publishes instead.
  const rows = useSessionState((state) => state.rows);
  const sessionId = useSessionState((state) => state.sessionId);
  const caughtUp = useSessionState((state) => state.caughtUp);
  const history = useSessionState((state) => state.history);
  const reveal = useSessionState((state) => state.reveal);
  const followSerial = useSessionState((state) => state.followSerial);
  const linking = useSessionState((state) => state.addressed?.loading === true && state.caughtUp);
  const addressedSeq = useSessionState((state) => (state.addressed !== null && !state.addressed.loading ? state.addressed.seq : undefined));
  const scrollRef = useRef<HTMLDivElement>(null);
  const historyRef = useRef(history);
  historyRef.current = history;
  const loadOlder = useCallback(() => {
    if (historyRef.current.hasOlder) client.loadOlder();
  }, [client]);

  // A click-through read or a linked card: brought into view (again when the result replaces the call).
  const revealedRowIndex = reveal ? client.store.rowIndexOfReveal(reveal) : undefined;
  // Runs of reads and searches folded; a revealed call is opened in its fold first (use-folded-rows.ts).
  const fold = useFoldedRows(sessionId, rows, caughtUp, revealedRowIndex, reveal?.serial);
  const displayRows = fold.folded.rows;
  const revealedIndex = revealedRowIndex === undefined ? undefined : fold.folded.displayIndexOfRow(revealedRowIndex);
  const revealed: RevealedRow | undefined = reveal
    ? { serial: reveal.serial, index: revealedIndex, hasResult: revealedRowIndex !== undefined && hasResult(rows[revealedRowIndex]) }
    : undefined;
  const { virtualizer, following, nearTop, jumpToLatest } = useTimelineScroll({ rows: displayRows, scrollRef, onNearTop: loadOlder, followSerial, reveal: revealed });
  // Flung past, rows keep their placeholders until the scroll slows; following the end never holds them.
  const followingRef = useRef(following);
  followingRef.current = following;
  useEffect(() => {
    const scroller = scrollRef.current;
    return scroller ? holdCardsWhileFlung(scroller, { following: () => followingRef.current }) : undefined;
  }, []);

  const addressedRowIndex = addressedSeq === undefined ? undefined : rowIndexForSeq(rows, addressedSeq);
  const addressedIndex = addressedRowIndex === undefined ? undefined : fold.folded.displayIndexOfRow(addressedRowIndex);
  const complete = caughtUp && !history.hasOlder;
  return (
    <div className="timeline">
      <div
        ref={scrollRef}
        className="timeline__scroller"
        role="log"
        aria-label="Session timeline"
        aria-busy={!caughtUp || history.loadingOlder}
        data-history={complete ? 'complete' : 'partial'}
      >
        {rows.length === 0 ? (
          <TimelineEmpty loading={!caughtUp} history={history} />
        ) : (
          // The virtualizer sizes the canvas and places each row (transform) itself.
          <div ref={virtualizer.containerRef} className="timeline__canvas">
            {virtualizer.getVirtualItems().map((item) => (
              <TimelineRowSlot
                key={item.key}
                item={item}
                display={displayRows[item.index]}
                fold={fold}
                measure={virtualizer.measureElement}
                addressed={item.index === addressedIndex}
                flashSerial={reveal?.flash && item.index === revealedIndex ? reveal.serial : undefined}
              />
            ))}
          </div>
        )}
      </div>
      <TimelineStatus linking={linking} history={history} hasRows={rows.length > 0} nearTop={nearTop} following={following} onJump={jumpToLatest} />
    </div>
  );
}

interface TimelineStatusProps {
  linking: boolean;
  history: HistoryState;
  hasRows: boolean;
  nearTop: boolean;
  following: boolean;
  onJump: () => void;
}

/** Under the scroller: a linked card's progress, older events loading, "Jump to latest". */
function TimelineStatus({ linking, history, hasRows, nearTop, following, onJump }: TimelineStatusProps) {
  return (
    <>
      {linking && <LinkedCardProgress history={history} />}
      {!linking && hasRows && history.hasOlder && nearTop && (
        <p className="timeline__older" role="status">
          Loading earlier events… ({history.firstSeq.toLocaleString('en-US')} to go)
        </p>
      )}
      {!following && hasRows && (
        <div className="timeline__jump-strip">
          <button type="button" className="timeline__jump" onClick={onJump}>
            Jump to latest ↓
          </button>
        </div>
      )}
    </>
  );
}

function hasResult(row: TimelineRow | undefined): boolean {
  return row?.kind === 'tool' && row.result !== undefined;
}

interface TimelineRowSlotProps {
  item: VirtualItem;
  display: DisplayRow | undefined;
  fold: FoldedRows;
  measure: (element: Element | null) => void;
  /** The card the page's address names: it keeps a ring. */
  addressed: boolean;
  /** The reveal's serial when this row's card flashes; keyed by it, showing the same card again restarts the flash. */
  flashSerial: number | undefined;
}

/**
 * One display row at its place in the canvas, measured by the virtualizer once rendered: a row,
 * a fold's header, or a call in a fold (its line, or its card with the fold's rail). The card
 * keeps its place among the slot's children, so a card drawn before its run folded is not
 * mounted again when its rail appears.
 */
function TimelineRowSlot({ item, display, fold, measure, addressed, flashSerial }: TimelineRowSlotProps) {
  if (!display) return null;
  if (display.kind === 'fold-header') {
    return (
      <div data-index={item.index} ref={measure} className="timeline__row timeline__row--fold-header">
        <FoldHeaderView run={display.run} expanded={display.expanded} onExpand={fold.onExpandRun} />
      </div>
    );
  }
  const row = display.row;
  const line = display.kind === 'fold-call' && !display.open;
  const modifier = display.kind === 'fold-call' ? (line ? ' timeline__row--fold-line' : ' timeline__row--fold-card') : '';
  return (
    <div data-index={item.index} data-seq={row.seq} data-addressed={addressed ? 'true' : undefined} ref={measure} className={`timeline__row${modifier}`}>
      {display.kind !== 'fold-call' ? null : line ? (
        <FoldCallLine row={display.row} last={display.last} onToggle={fold.onToggleCall} />
      ) : (
        <FoldCallRail row={display.row} onToggle={fold.onToggleCall} />
      )}
      {line ? null : <DeferredRowView row={row} />}
      {addressed && <div className="timeline__addressed" data-testid="card-addressed" aria-hidden="true" />}
      {flashSerial !== undefined && <div key={flashSerial} className="timeline__flash" data-testid="card-flash" aria-hidden="true" />}
    </div>
  );
}

function TimelineEmpty({ loading, history }: { loading: boolean; history: HistoryState }) {
  if (loading) {
    const { received, expected } = history;
    return (
      <p className="timeline__empty" role="status">
        {expected > 0
          ? `Loading the session… ${received.toLocaleString('en-US')} of ${expected.toLocaleString('en-US')} events`
          : 'Loading the session…'}
      </p>
    );
  }
  return (
    <div className="timeline__empty">
      <p>Nothing here yet.</p>
      <p>
        Start with <EmptyExample command="/glob *" name="glob" args={{ pattern: '*' }} /> to see this folder&apos;s files
        (newest first; <EmptyExample command="/glob **/*" name="glob" args={{ pattern: '**/*' }} /> for every folder below) and
        click one to read it, or search with <EmptyExample command="/grep TODO" name="grep" args={{ pattern: 'TODO' }} />. Type{' '}
        <code>/help</code> for every command.
      </p>
    </div>
  );
}

/** An example that works in any folder: a click runs it, as typing it would. */
function EmptyExample({ command, name, args }: { command: string; name: string; args: Record<string, string> }) {
  const client = useClient();
  return (
    <button type="button" className="timeline__example" onClick={() => client.runTool(name, args) && client.store.requestFollow()}>
      <code>{command}</code>
    </button>
  );
}
