import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { useVirtualizer, type ReactVirtualizer } from '@tanstack/react-virtual';
import { noLayoutReadsOnMount } from '../ui/no-layout-reads-on-mount';
import type { DisplayRow } from '../model/exploration-runs';
import { estimateDisplayRowHeight } from './estimate-row-height';
import { measureRowHeight } from './measure-row-height';
import { TimelineScroll, type TimelineScrollView } from './timeline-scroll';
import { useFocusFollowsReveal } from './use-focus-follows-reveal';

/** A card to bring into view: the store's reveal, found in the rows. */
export interface RevealedRow {
  serial: number;
  /** Its display row's index now (undefined: not in the rows held). */
  index: number | undefined;
  /** Its result has replaced the call: scrolled to again, and it may take the focus. */
  hasResult: boolean;
}

export interface TimelineScrollInput {
  /** What the timeline draws: its rows with runs folded (a fold's header, each call's line or card). */
  rows: readonly DisplayRow[];
  scrollRef: RefObject<HTMLDivElement | null>;
  /** The view came near the top of what is loaded. */
  onNearTop: () => void;
  /** Changes when the person sent something: the end is shown again. */
  followSerial: number;
  reveal: RevealedRow | undefined;
}

export interface TimelineScrollHandle extends TimelineScrollView {
  virtualizer: ReactVirtualizer<HTMLDivElement, Element>;
  jumpToLatest: () => void;
}

/** React's hold on `TimelineScroll`: one per timeline, wired to its virtualizer and scroller. */
export function useTimelineScroll({ rows, scrollRef, onNearTop, followSerial, reveal }: TimelineScrollInput): TimelineScrollHandle {
  const nearTopRef = useRef(onNearTop);
  nearTopRef.current = onNearTop;
  const [scroll] = useState(() => new TimelineScroll({ onNearTop: () => nearTopRef.current() }));
  const view = useSyncExternalStore(scroll.subscribe, scroll.getView);
  const virtualizer = useTimelineVirtualizer(rows, scrollRef, scroll.onScrollChange);

  useLayoutEffect(() => (scrollRef.current ? scroll.attach(scrollRef.current, virtualizer) : undefined), [scroll, scrollRef, virtualizer]);
  const newestKey = rows.at(-1)?.key;
  useLayoutEffect(() => scroll.newestRowChanged(newestKey), [scroll, newestKey]);
  useEffect(() => {
    if (followSerial !== 0) scroll.jumpToLatest();
  }, [scroll, followSerial]);
  useEffect(() => scroll.reveal(reveal?.serial, reveal?.index, reveal?.hasResult ?? false), [scroll, reveal?.serial, reveal?.index, reveal?.hasResult]);
  useFocusFollowsReveal(scrollRef, reveal?.serial, reveal?.hasResult ? reveal.index : undefined);

  return { ...view, virtualizer, jumpToLatest: scroll.jumpToLatest };
}

/**
 * The rows' virtualizer: only the rows in view (plus a few) are in the DOM, each measured once
 * rendered; scrolled up, it keeps the row in view put while older pages are spliced in above it.
 */
function useTimelineVirtualizer(rows: readonly DisplayRow[], scrollRef: RefObject<HTMLDivElement | null>, onChange: TimelineScroll['onScrollChange']) {
  // Stable callbacks that read the latest rows: new identities would make the virtualizer
  // recompute every item's position on each render.
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const getItemKey = useCallback((index: number) => rowsRef.current[index]?.key ?? index, []);
  const estimateSize = useCallback((index: number) => estimateDisplayRowHeight(rowsRef.current[index]), []);
  return useVirtualizer({
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
    // Older pages spliced in above keep the view put. New rows are followed by TimelineScroll,
    // not by `followOnAppend`: it reads the scroller's height in the render and in the commit.
    anchorTo: 'end',
    // Its own end pinning off (a row growing at the end would scroll by its growth, past a
    // tall card's header): following is the timeline's own rule (follow-end.ts).
    scrollEndThreshold: -1,
    onChange,
  });
}
