import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useClient, useSessionState } from '../store/ClientContext';
import { estimateRowHeight } from './estimateRowHeight';
import { followsAfterScroll, isNearBottom } from './followBottom';
import { measureRowHeight } from './measureRowHeight';
import { TimelineRowView } from './TimelineRowView';

/** A scroll this soon after a wheel, touch or key event is the user's. */
const USER_SCROLL_WINDOW_MS = 400;

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
  /** When the user last did something that scrolls (wheel, touch, keys, scrollbar drag). */
  const userScrollAt = useRef(0);
  const draggingScrollbar = useRef(false);

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

  // Follow logic, at most once per animation frame: it reads layout (scroll metrics), and
  // the virtualizer reports every scroll and every measured row — reading after each of
  // those DOM writes would force a layout each time.
  const followFrame = useRef(0);
  const followNow = useCallback(() => {
    followFrame.current = 0;
    const element = scrollRef.current;
    if (!element) return;
    const byUser = draggingScrollbar.current || performance.now() - userScrollAt.current < USER_SCROLL_WINDOW_MS;
    const next = followsAfterScroll(followingRef.current, lastScrollTop.current, element, byUser);
    if (next !== followingRef.current) setFollow(next);
    if (next && !isNearBottom(element, 1)) element.scrollTop = element.scrollHeight;
    lastScrollTop.current = element.scrollTop;
  }, [setFollow]);
  const scheduleFollow = useCallback(() => {
    if (followFrame.current === 0) followFrame.current = requestAnimationFrame(followNow);
  }, [followNow]);
  useEffect(() => () => cancelAnimationFrame(followFrame.current), []);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    measureElement: measureRowHeight,
    overscan: 6,
    // Happy-dom and first paint have no layout yet: assume a window so rows render at once.
    initialRect: { width: 900, height: 800 },
    directDomUpdates: true,
    useFlushSync: false,
    onChange: scheduleFollow,
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

  const noteUserScroll = useCallback(() => {
    userScrollAt.current = performance.now();
  }, []);

  const jumpToLatest = useCallback(() => {
    setFollow(true);
    scrollToEnd();
  }, [setFollow, scrollToEnd]);

  const items = virtualizer.getVirtualItems();
  return (
    <div className="timeline">
      <div
        ref={scrollRef}
        className="timeline__scroller"
        role="log"
        aria-label="Session timeline"
        aria-busy={!caughtUp}
        onWheel={noteUserScroll}
        onTouchMove={noteUserScroll}
        onKeyDown={noteUserScroll}
        onPointerDown={(event) => {
          // A press on the scroller itself (not a row) is a grab of its scrollbar.
          if (event.target === event.currentTarget) draggingScrollbar.current = true;
        }}
        onPointerUp={() => {
          draggingScrollbar.current = false;
          noteUserScroll();
        }}
      >
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
