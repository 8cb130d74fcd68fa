import { useMemo, type RefObject } from 'react';
import type { VirtualizerOptions } from '@tanstack/react-virtual';
import { pageScrollerOf, scrollWithPage } from '../read/scroll-with-page';

type ScrollOptions = Pick<VirtualizerOptions<HTMLElement, Element>, 'getScrollElement'> &
  Partial<Pick<VirtualizerOptions<HTMLElement, Element>, 'observeElementOffset' | 'scrollToFn'>>;

/**
 * Virtualizer options for a card's rows in its viewport (a read's lines, a diff's): while the
 * card shows its preview the viewport is their scroll element; shown whole (`withPage`) they
 * scroll with the page, virtualized against the timeline's scroller (decision 0016,
 * scroll-with-page.ts). `onPage` once that scroller is known. Spread them after
 * noLayoutReadsOnMount's: on the page, scrolling to a row scrolls the page.
 */
export function useRowsWithPage(viewport: HTMLElement | null, rows: RefObject<HTMLElement | null>, withPage: boolean): { onPage: boolean; scrollOptions: ScrollOptions } {
  // Found in the render that expands the card, not in an effect after it: until then the viewport,
  // just grown to the whole body, was the scroll element, and its new size drew every row once.
  const pageScroller = useMemo(() => (withPage && viewport ? pageScrollerOf(viewport) : null), [withPage, viewport]);
  const onPage = withPage && pageScroller !== null;
  const pageOptions = useMemo(() => scrollWithPage(() => rows.current), [rows]);
  const scrollOptions = useMemo<ScrollOptions>(
    () => (onPage ? { getScrollElement: () => pageScroller, ...pageOptions } : { getScrollElement: () => viewport }),
    [onPage, pageScroller, pageOptions, viewport],
  );
  return { onPage, scrollOptions };
}
