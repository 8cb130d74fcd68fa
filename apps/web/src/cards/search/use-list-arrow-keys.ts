import { useCallback, type KeyboardEvent, type RefObject } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';

/**
 * Arrow keys over a virtualized list of one button per row: ↑/↓ move focus (scrolling the
 * next row in first: it may not be mounted yet), Home/End jump, →/← expand or collapse.
 */
export function useListArrowKeys(
  scrollRef: RefObject<HTMLElement | null>,
  virtualizer: Pick<Virtualizer<HTMLElement, Element>, 'scrollToIndex'>,
  count: number,
  onExpand: (index: number, open: boolean) => void,
) {
  return useCallback(
    (event: KeyboardEvent) => {
      const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
      if (row === null || count === 0) return;
      const index = Number(row.dataset.index);
      const target =
        event.key === 'ArrowDown' ? index + 1 : event.key === 'ArrowUp' ? index - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? count - 1 : undefined;
      if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        event.preventDefault();
        onExpand(index, event.key === 'ArrowRight');
        return;
      }
      if (target === undefined || target < 0 || target >= count) return;
      event.preventDefault();
      virtualizer.scrollToIndex(target);
      const focus = () => scrollRef.current?.querySelector<HTMLElement>(`[data-index="${target}"] button`)?.focus();
      focus();
      requestAnimationFrame(focus);
    },
    [scrollRef, virtualizer, count, onExpand],
  );
}
