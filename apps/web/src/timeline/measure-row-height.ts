import type { Virtualizer } from '@tanstack/react-virtual';

/**
 * Row heights from the virtualizer's ResizeObserver only. The default also reads
 * `offsetHeight` when a row mounts; with positions written straight to the DOM between
 * those reads, every new row forced its own layout of heavy cards. The observer reports
 * every mounted row after the next layout, all at once, at no layout cost; until then a
 * row keeps its cached or estimated height.
 */
export function measureRowHeight(element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<HTMLDivElement, Element>): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
}
