import { useEffect, type RefObject } from 'react';

/**
 * Focuses the input once the page's first frame is painted, unless the person has put the
 * focus somewhere already. `autoFocus` focused it inside the first commit, whose style and
 * layout it forced there (27-34 ms of a 100 ms task on a reopened session, traced); after the
 * paint that layout is done and the focus costs next to nothing.
 */
export function useFocusAfterFirstFrame(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs before its paint; the timer after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const active = document.activeElement;
        if (active === null || active === document.body) ref.current?.focus();
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ref]);
}
