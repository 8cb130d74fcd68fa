import { useEffect, useMemo, useState, type RefObject } from 'react';
import type { VirtualizerOptions } from '@tanstack/react-virtual';
import { pageScrollerOf, scrollWithPage } from '../read/scroll-with-page';

type TimelineOptions = Pick<VirtualizerOptions<HTMLElement, Element>, 'getScrollElement'> & Partial<Pick<VirtualizerOptions<HTMLElement, Element>, 'observeElementOffset' | 'scrollToFn'>>;

/**
 * Virtualizer options for a list drawn at its whole height in the timeline (a capped search's
 * complete result, decision 0016): the timeline is its scroller, the rows in view are those of
 * the visible part of the list. Before the timeline is known (the first render, a test DOM
 * without one) there is no scroller and the virtualizer's initial rect decides the rows.
 */
export function useRowsWithTimeline(listRef: RefObject<HTMLElement | null>): TimelineOptions {
  const [timeline, setTimeline] = useState<HTMLElement | null>(null);
  useEffect(() => setTimeline(listRef.current ? pageScrollerOf(listRef.current) : null), [listRef]);
  const withPage = useMemo(() => scrollWithPage(() => listRef.current), [listRef]);
  return useMemo(() => ({ getScrollElement: () => timeline, ...(timeline ? withPage : {}) }), [timeline, withPage]);
}
