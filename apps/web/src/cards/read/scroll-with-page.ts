import type { Virtualizer, VirtualizerOptions } from '@tanstack/react-virtual';

/**
 * Virtualizer options for rows that scroll with the page (an expanded read card: the
 * timeline is the only scroller, decision 0016). The scroll element is the page's scroller
 * (the timeline); the offset reported is how far its top is past the top of the rows'
 * element, so the rows in view are those of the visible part of the card, wherever the card
 * sits in the timeline. A scroll to an offset (a target line, a linked line) scrolls the page
 * by what separates it from there.
 */
export function scrollWithPage(rows: () => HTMLElement | null): Pick<VirtualizerOptions<HTMLElement, Element>, 'observeElementOffset' | 'scrollToFn'> {
  const offsetIn = (scroller: HTMLElement): number | undefined => {
    const element = rows();
    return element ? scroller.getBoundingClientRect().top - element.getBoundingClientRect().top : undefined;
  };
  return {
    observeElementOffset: (instance: Virtualizer<HTMLElement, Element>, report: (offset: number, isScrolling: boolean) => void) => {
      const scroller = instance.scrollElement;
      if (scroller === null) return undefined;
      const onScroll = () => {
        const offset = offsetIn(scroller);
        if (offset !== undefined) report(offset, false);
      };
      onScroll();
      scroller.addEventListener('scroll', onScroll, { passive: true });
      return () => scroller.removeEventListener('scroll', onScroll);
    },
    scrollToFn: (offset, options, instance) => {
      const scroller = instance.scrollElement;
      const now = scroller === null ? undefined : offsetIn(scroller);
      if (scroller === null || now === undefined) return;
      scroller.scrollBy({ top: offset + (options.adjustments ?? 0) - now, behavior: options.behavior ?? 'auto' });
    },
  };
}

/** The nearest ancestor that scrolls vertically (the timeline), or null. */
export function pageScrollerOf(element: HTMLElement): HTMLElement | null {
  for (let current = element.parentElement; current; current = current.parentElement) {
    const { overflowY } = getComputedStyle(current);
    if (overflowY === 'auto' || overflowY === 'scroll') return current;
  }
  return null;
}
