import type { Virtualizer } from '@tanstack/react-virtual';

/**
 * A virtualizer's `observeElementRect` that learns its scroller's size from a
 * ResizeObserver only. TanStack's default also reads `clientWidth`/`clientHeight` as the
 * list mounts: inside React's commit, a forced layout of the whole page the card sits in
 * (the timeline while it streams). Until the observer's first report, right after the
 * browser's own next layout, the virtualizer keeps its `initialRect`; a test DOM without
 * layout keeps it for good.
 */
export function observeViewportSize<T extends Element>(instance: Virtualizer<T, Element>, report: (rect: { width: number; height: number }) => void): (() => void) | undefined {
  const element = instance.scrollElement;
  if (element === null || typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver(([entry]) => {
    if (entry === undefined) return;
    // The content box plus padding, as `clientHeight` counts it: no layout is read.
    const style = entry.target instanceof HTMLElement ? entry.target.style : undefined;
    void style;
    report({ width: Math.round(entry.contentRect.width), height: Math.round(entry.contentRect.height) });
  });
  observer.observe(element);
  return () => observer.disconnect();
}
