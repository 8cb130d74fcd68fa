import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { noLayoutReadsOnMount } from '../ui/no-layout-reads-on-mount';
import { useClient, useSessionState } from '../store/client-context';
import type { HistoryState } from '../store/session-store';
import { estimateRowHeight } from './estimate-row-height';
import { FOLLOWING_FROM_TOP, followAfterScroll, followTarget, holdAtNewest, releaseHold, virtualDistanceFromEnd, wroteOffset } from './follow-end';
import { measureRowHeight } from './measure-row-height';
import { LinkedCardProgress } from './linked-card-progress';
import { DeferredRowView } from './deferred-row-view';
import { rowIndexForSeq } from '../model/row-index-for-seq';
import { useFocusFollowsReveal } from './use-focus-follows-reveal';
import './timeline.css';

/** Closer to the top than this many viewports asks for the older page. */
const LOAD_OLDER_VIEWPORTS = 2;
/** Within this many pixels of the end counts as "at the end": new rows are followed. */
const AT_END_PX = 8;

interface FollowedVirtualizer {
  getTotalSize(): number;
  scrollOffset: number | null;
  scrollRect: { height: number } | null;
  measurementsCache: readonly { start: number }[];
}

/** Where following puts the view now: the end, or the newest row's top when it does not fit. */
function followTargetOf(instance: FollowedVirtualizer): number {
  const total = instance.getTotalSize();
  const newestStart = instance.measurementsCache[instance.measurementsCache.length - 1]?.start ?? 0;
  return followTarget(total, instance.scrollRect?.height ?? 0, newestStart);
}

/**
 * The session's rows, virtualized: only the rows in view (plus a few) are in the DOM, each
 * measured once rendered. At the end, the view follows new rows (a scroll in the next
 * frame); scrolled up, the virtualizer keeps the row in view put while older pages are
 * spliced in above it and new rows arrive below. No render or commit reads layout.
 */
export function Timeline() {
  const client = useClient();
  // Not deferred: rendering the rows in a transition (useDeferredValue) left the timeline
  // showing stale rows for tens of seconds on a 6,000-event session while row bodies kept
  // mounting in transitions (a linked or found card never scrolled into view). The store
  // publishes at most every 100 ms in a burst instead, and row bodies still mount deferred.
  const rows = useSessionState((state) => state.rows);
  const caughtUp = useSessionState((state) => state.caughtUp);
  const history = useSessionState((state) => state.history);
  const reveal = useSessionState((state) => state.reveal);
  const followSerial = useSessionState((state) => state.followSerial);
  const linking = useSessionState((state) => state.addressed?.loading === true && state.caughtUp);
  const addressedSeq = useSessionState((state) => (state.addressed !== null && !state.addressed.loading ? state.addressed.seq : undefined));
  const scrollRef = useRef<HTMLDivElement>(null);
  const follow = useRef(FOLLOWING_FROM_TOP);
  const [following, setFollowing] = useState(true);
  const [nearTop, setNearTop] = useState(false);

  // Stable callbacks that read the latest rows: new identities would make the virtualizer
  // recompute every item's position on each render.
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const historyRef = useRef(history);
  historyRef.current = history;
  const getItemKey = useCallback((index: number) => rowsRef.current[index]?.key ?? index, []);
  const estimateSize = useCallback((index: number) => estimateRowHeight(rowsRef.current[index]), []);

  // Following: a scroll to the follow target in the next frame, where the layout the write
  // needs is the frame's own, not one forced inside a commit. A plain write, not `scrollToEnd`:
  // that one re-reads the scroller's height in every commit until the scroll lands, and while
  // rows stream in it keeps chasing a moving end.
  const followFrame = useRef<number | undefined>(undefined);
  const followEnd = useCallback((instance: FollowedVirtualizer) => {
    if (followFrame.current !== undefined) return;
    followFrame.current = requestAnimationFrame(() => {
      followFrame.current = undefined;
      const scroller = scrollRef.current;
      if (follow.current.following && scroller) {
        const target = followTargetOf(instance);
        follow.current = wroteOffset(follow.current, target);
        scroller.scrollTop = target;
      }
    });
  }, []);
  useEffect(() => () => cancelAnimationFrame(followFrame.current ?? 0), []);

  // From the virtualizer's own numbers (no DOM reads): whether the view follows the end (and,
  // held there, the target moved: rows measured taller), and whether the user came near the
  // top of what is loaded.
  const onScrollChange = useCallback(
    (instance: FollowedVirtualizer, sync: boolean) => {
      const viewport = instance.scrollRect?.height ?? 0;
      const offset = instance.scrollOffset ?? 0;
      const total = instance.getTotalSize();
      follow.current = followAfterScroll(follow.current, { offset, total, distanceFromEnd: virtualDistanceFromEnd(total, viewport, offset) }, AT_END_PX);
      setFollowing(follow.current.following);
      if (follow.current.following && follow.current.holding) {
        const target = followTargetOf(instance);
        const scroller = scrollRef.current;
        // In a ResizeObserver callback (sync) the write lands before this frame paints: a
        // result replacing its call shows at its place at once, never a frame scrolled past it.
        if (Math.abs(target - offset) > 1) {
          if (sync && scroller) {
            follow.current = wroteOffset(follow.current, target);
            scroller.scrollTop = target;
          } else followEnd(instance);
        }
      }
      const top = viewport > 0 && offset < LOAD_OLDER_VIEWPORTS * viewport;
      setNearTop(top);
      if (top && historyRef.current.hasOlder) client.loadOlder();
    },
    [client, followEnd],
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
    // Its size from a ResizeObserver only: the default reads it again in each observer
    // callback, after other callbacks have moved rows, forcing a layout there.
    ...noLayoutReadsOnMount<HTMLDivElement>(),
    directDomUpdates: true,
    useFlushSync: false,
    // Older pages spliced in above keep the view put. New rows are followed below, not by
    // `followOnAppend`: it reads the scroller's height in the render and in the commit.
    anchorTo: 'end',
    // Its own end pinning off (a row growing at the end would scroll by its growth, past a
    // tall card's header): following is the timeline's own rule (follow-end.ts).
    scrollEndThreshold: -1,
    onChange: onScrollChange,
  });

  // Rows arrived at the end while following it. No rows (another session opens): its rows
  // will be followed, wherever the last session was scrolled to.
  const lastKey = rows.at(-1)?.key;
  useLayoutEffect(() => {
    if (lastKey === undefined) {
      follow.current = FOLLOWING_FROM_TOP;
      setFollowing(true);
    } else if (follow.current.following) {
      follow.current = holdAtNewest(follow.current);
      followEnd(virtualizer);
    }
  }, [lastKey, followEnd, virtualizer]);

  const jumpToLatest = useCallback(() => {
    follow.current = holdAtNewest(follow.current);
    setFollowing(true);
    followEnd(virtualizer);
  }, [followEnd, virtualizer]);

  // The person's own input in the timeline ends the hold: what they scroll to or make grow stays put.
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return undefined;
    const release = () => {
      follow.current = releaseHold(follow.current);
    };
    const events = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    for (const type of events) scroller.addEventListener(type, release, { passive: true });
    return () => {
      for (const type of events) scroller.removeEventListener(type, release);
    };
  }, []);

  // The user sent something: show the end again (and follow it from there).
  useEffect(() => {
    if (followSerial !== 0) jumpToLatest();
  }, [followSerial, jumpToLatest]);

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
    // The card is what the user asked to see: the end is no longer followed (until scrolled to).
    follow.current = { ...follow.current, following: false, holding: false };
    virtualizer.scrollToIndex(revealedRow, { align: 'start' });
  }, [reveal?.serial, revealedRow, revealedHasResult, virtualizer]);
  useFocusFollowsReveal(scrollRef, reveal?.serial, revealedHasResult ? revealedRow : undefined);

  const addressedRow = addressedSeq === undefined ? undefined : rowIndexForSeq(rows, addressedSeq);

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
                <div
                  key={item.key}
                  data-index={item.index}
                  data-seq={row.seq}
                  data-addressed={item.index === addressedRow ? 'true' : undefined}
                  ref={virtualizer.measureElement}
                  className="timeline__row"
                >
                  <DeferredRowView row={row} />
                  {item.index === addressedRow && <div className="timeline__addressed" data-testid="card-addressed" aria-hidden="true" />}
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
      {!following && rows.length > 0 && (
        <div className="timeline__jump-strip">
          <button type="button" className="timeline__jump" onClick={jumpToLatest}>
            Jump to latest ↓
          </button>
        </div>
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
