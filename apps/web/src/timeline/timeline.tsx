import { useCallback, useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useClient, useSessionState } from '../store/client-context';
import type { HistoryState } from '../store/session-store';
import { estimateRowHeight } from './estimate-row-height';
import { measureRowHeight } from './measure-row-height';
import { LinkedCardProgress } from './linked-card-progress';
import { TimelineRowView } from './timeline-row-view';

/** Closer to the top than this many viewports asks for the older page. */
const LOAD_OLDER_VIEWPORTS = 2;
/** Within this many pixels of the end counts as "at the end": new rows are followed. */
const AT_END_PX = 8;

/**
 * The session's rows, virtualized: only the rows in view (plus a few) are in the DOM, each
 * measured once rendered. The virtualizer keeps the view anchored to the end: at the end it
 * follows new rows; scrolled up, the row in view stays put while older pages are spliced in
 * above it and new rows arrive below. It never reads layout to do so.
 */
export function Timeline() {
  const client = useClient();
  const rows = useSessionState((state) => state.rows);
  const caughtUp = useSessionState((state) => state.caughtUp);
  const history = useSessionState((state) => state.history);
  const reveal = useSessionState((state) => state.reveal);
  const followSerial = useSessionState((state) => state.followSerial);
  const linking = useSessionState((state) => state.addressed?.loading === true && state.caughtUp);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [atEnd, setAtEnd] = useState(true);
  const [nearTop, setNearTop] = useState(false);

  // Stable callbacks that read the latest rows: new identities would make the virtualizer
  // recompute every item's position on each render.
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const historyRef = useRef(history);
  historyRef.current = history;
  const getItemKey = useCallback((index: number) => rowsRef.current[index]?.key ?? index, []);
  const estimateSize = useCallback((index: number) => estimateRowHeight(rowsRef.current[index]), []);

  // From the virtualizer's own numbers (no DOM reads): where the view is, and whether the
  // user came near the top of what is loaded.
  const onScrollChange = useCallback(
    (instance: { isAtEnd(threshold?: number): boolean; scrollOffset: number | null; scrollRect: { height: number } | null }) => {
      setAtEnd(instance.isAtEnd(AT_END_PX));
      const viewport = instance.scrollRect?.height ?? 0;
      const top = viewport > 0 && (instance.scrollOffset ?? 0) < LOAD_OLDER_VIEWPORTS * viewport;
      setNearTop(top);
      if (top && historyRef.current.hasOlder) client.loadOlder();
    },
    [client],
  );

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    measureElement: measureRowHeight,
    overscan: 2,
    // Happy-dom and first paint have no layout yet: assume a window so rows render at once.
    initialRect: { width: 900, height: 800 },
    directDomUpdates: true,
    useFlushSync: false,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: AT_END_PX,
    onChange: onScrollChange,
  });

  // The user sent something: show the end again (and follow it from there).
  useEffect(() => {
    if (followSerial !== 0) virtualizer.scrollToEnd();
  }, [followSerial, virtualizer]);

  // A click-through read or a linked card: bring it into view (again when the result replaces
  // the call). Not again when older pages move its index: anchored to the end, the view stays
  // put by itself, and a user who scrolled away since is not pulled back.
  const revealedRow = reveal ? client.store.rowIndexOfReveal(reveal) : undefined;
  const revealedHasResult = revealedRow !== undefined && rows[revealedRow]?.kind === 'tool' && rows[revealedRow].result !== undefined;
  const scrolledReveal = useRef('');
  useEffect(() => {
    const done = `${reveal?.serial}:${revealedHasResult}`;
    if (revealedRow === undefined || scrolledReveal.current === done) return;
    scrolledReveal.current = done;
    virtualizer.scrollToIndex(revealedRow, { align: 'start' });
  }, [reveal?.serial, revealedRow, revealedHasResult, virtualizer]);

  const jumpToLatest = useCallback(() => virtualizer.scrollToEnd(), [virtualizer]);

  const items = virtualizer.getVirtualItems();
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
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <div key={item.key} data-index={item.index} data-seq={row.seq} ref={virtualizer.measureElement} className="timeline__row">
                  <TimelineRowView row={row} />
                  {/* Keyed by serial: showing the same card again restarts the flash. */}
                  {reveal?.flash && item.index === revealedRow && <div key={reveal.serial} className="timeline__flash" data-testid="card-flash" aria-hidden="true" />}
                </div>
              );
            })}
          </div>
        )}
      </div>
      {linking && <LinkedCardProgress history={history} />}
      {!linking && rows.length > 0 && history.hasOlder && nearTop && (
        <p className="timeline__older" role="status">
          Loading earlier events… ({history.firstSeq.toLocaleString('en-US')} to go)
        </p>
      )}
      {!atEnd && rows.length > 0 && (
        <button type="button" className="timeline__jump" onClick={jumpToLatest}>
          Jump to latest ↓
        </button>
      )}
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
        (newest first) and click one to read it, or search with <EmptyExample command="/grep TODO" name="grep" args={{ pattern: 'TODO' }} />. Type{' '}
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
