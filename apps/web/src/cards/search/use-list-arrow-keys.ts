import { useCallback, type KeyboardEvent, type RefObject } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';

/** Frames to wait for the row moved to to be mounted. */
const FOCUS_FRAMES = 30;

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
      // The last row centred: aligning it at the end would scroll to the end of the scroller,
      // which for a list virtualized against the timeline is the timeline's, past the list.
      virtualizer.scrollToIndex(target, { align: target === count - 1 ? 'center' : 'auto' });
      // The row mounts once the virtualizer has seen the scroll: against the timeline that is a
      // render after the scroll event, so look again for a few frames.
      let frames = FOCUS_FRAMES;
      const focus = () => {
        const button = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${target}"] button`);
        if (button) button.focus();
        else if ((frames -= 1) > 0) requestAnimationFrame(focus);
      };
      focus();
    },
    [scrollRef, virtualizer, count, onExpand],
  );
}
