import { elementScroll, type Virtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';

/**
 * Virtualizer options for a list inside a card: its mount reads no layout. TanStack's
 * defaults read the scroller's `clientWidth`/`clientHeight` and write its scroll offset
 * (`scrollTo(0)` on a scroller that is at 0) as the list mounts; each forces a layout of
 * the whole page inside React's commit — of the timeline, when a card arrives while a
 * session streams. Here the size comes from a ResizeObserver, reported right after the
 * browser's own next layout (until then, and in a test DOM without layout, the
 * virtualizer keeps its `initialRect`), and the mount's write of offset 0 is skipped.
 */
export function noLayoutReadsOnMount<E extends Element>(): Pick<VirtualizerOptions<E, Element>, 'observeElementRect' | 'scrollToFn'> {
  return { observeElementRect, scrollToFn };
}

function observeElementRect<E extends Element>(instance: Virtualizer<E, Element>, report: (rect: { width: number; height: number }) => void): (() => void) | undefined {
  const element = instance.scrollElement;
  if (element === null || typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver(([entry]) => {
    // The content box: `clientHeight` would add the padding, a few pixels the overscan covers.
    if (entry !== undefined) report({ width: Math.round(entry.contentRect.width), height: Math.round(entry.contentRect.height) });
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** Virtualizers that have scrolled their element once (the mount's write). */
const scrolledOnce = new WeakSet<object>();

function scrollToFn<E extends Element>(offset: number, options: { adjustments?: number; behavior?: ScrollBehavior }, instance: Virtualizer<E, Element>): void {
  if (!scrolledOnce.has(instance)) {
    scrolledOnce.add(instance);
    // A new scroller is at 0: writing 0 changes nothing but costs a layout.
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
}
