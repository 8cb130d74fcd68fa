import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useClient, useSessionState } from '../store/ClientContext';
import { estimateRowHeight } from './estimateRowHeight';
import { followsAfterScroll, isNearBottom } from './followBottom';
import { TimelineRowView } from './TimelineRowView';

/**
 * The session's rows, virtualized: only the rows in view (plus a few) are in the DOM, each
 * measured once rendered. Follows the end while events arrive unless the user scrolled up.
 */
export function Timeline() {
  const client = useClient();
  const rows = useSessionState((state) => state.rows);
  const caughtUp = useSessionState((state) => state.caughtUp);
  const reveal = useSessionState((state) => state.reveal);
  const followSerial = useSessionState((state) => state.followSerial);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);
  const followingRef = useRef(true);
  const lastScrollTop = useRef(0);

  // Stable callbacks that read the latest rows: new identities would make the virtualizer
  // recompute every item's position on each render.
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const getItemKey = useCallback((index: number) => rowsRef.current[index]?.key ?? index, []);
  const estimateSize = useCallback((index: number) => estimateRowHeight(rowsRef.current[index]), []);

  const setFollow = useCallback((value: boolean) => {
    followingRef.current = value;
    setFollowing(value);
  }, []);

  const scrollToEnd = useCallback(() => {
    const element = scrollRef.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);

  // Called by the virtualizer on every scroll and every measured size change. Positions are
  // written to the DOM directly (no React render unless the visible range changes), so the
  // follow logic lives here rather than in an effect.
  const onVirtualizerChange = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const next = followsAfterScroll(followingRef.current, lastScrollTop.current, element);
    if (next !== followingRef.current) setFollow(next);
    if (next && !isNearBottom(element, 1)) element.scrollTop = element.scrollHeight;
    lastScrollTop.current = element.scrollTop;
  }, [setFollow]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 6,
    // Happy-dom and first paint have no layout yet: assume a window so rows render at once.
    initialRect: { width: 900, height: 800 },
    directDomUpdates: true,
    useFlushSync: false,
    onChange: onVirtualizerChange,
  });

  // New rows while following: show the end (the virtualizer's own layout effect has already
  // sized the canvas for them).
  useLayoutEffect(() => {
    if (followingRef.current) scrollToEnd();
    lastScrollTop.current = scrollRef.current?.scrollTop ?? 0;
  }, [rows, scrollToEnd]);

  useEffect(() => {
    if (followSerial === 0) return;
    setFollow(true);
    scrollToEnd();
  }, [followSerial, setFollow, scrollToEnd]);

  // A click-through read: bring its card into view (again when the result replaces the call).
  const revealedRow = reveal ? client.store.rowIndexOfCall(reveal.callId) : undefined;
  const revealedHasResult = revealedRow !== undefined && rows[revealedRow]?.kind === 'tool' && rows[revealedRow].result !== undefined;
  useEffect(() => {
    if (revealedRow === undefined) return;
    setFollow(false);
    virtualizer.scrollToIndex(revealedRow, { align: 'start' });
  }, [reveal?.serial, revealedRow, revealedHasResult, setFollow, virtualizer]);

  const jumpToLatest = useCallback(() => {
    setFollow(true);
    scrollToEnd();
  }, [setFollow, scrollToEnd]);

  const items = virtualizer.getVirtualItems();
  return (
    <div className="timeline">
      <div ref={scrollRef} className="timeline__scroller" role="log" aria-label="Session timeline" aria-busy={!caughtUp}>
        {rows.length === 0 ? (
          <TimelineEmpty loading={!caughtUp} />
        ) : (
          // The virtualizer sizes the canvas and places each row (transform) itself.
          <div ref={virtualizer.containerRef} className="timeline__canvas">
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              return (
                <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="timeline__row">
                  <TimelineRowView row={row} />
                </div>
              );
            })}
          </div>
        )}
      </div>
      {!following && rows.length > 0 && (
        <button type="button" className="timeline__jump" onClick={jumpToLatest}>
          Jump to latest ↓
        </button>
      )}
    </div>
  );
}

function TimelineEmpty({ loading }: { loading: boolean }) {
  if (loading) return <p className="timeline__empty">Loading the session…</p>;
  return (
    <div className="timeline__empty">
      <p>Nothing here yet.</p>
      <p>
        Try <code>/read README.md</code>, <code>/grep TODO</code> or <code>/glob **/*.ts</code> — or type <code>/help</code>.
      </p>
    </div>
  );
}
