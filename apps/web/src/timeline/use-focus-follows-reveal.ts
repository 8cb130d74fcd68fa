import { useEffect, useRef, type RefObject } from 'react';

/** Frames to wait for the revealed row's card to mount (rows mount as the scroll reaches them). */
const MOUNT_FRAMES = 60;

/**
 * A card opened from inside the timeline (Enter on a match, a path, "Read again") takes the
 * focus once its result is drawn: otherwise focus stays on the row that opened it, now off
 * screen, and the next key acts there. Only when the focus was in the timeline when the card
 * was asked for: a find hit or a link does not pull focus out of the find bar or the address bar.
 */
export function useFocusFollowsReveal(scrollRef: RefObject<HTMLElement | null>, serial: number | undefined, rowIndexWithResult: number | undefined): void {
  // Whether focus was inside the timeline when this reveal was asked for, by serial.
  const asked = useRef<{ serial: number; fromTimeline: boolean } | undefined>(undefined);
  if (serial !== undefined && asked.current?.serial !== serial) {
    const scroller = scrollRef.current;
    // Read during render on purpose: the reveal's row has not scrolled anything yet.
    asked.current = { serial, fromTimeline: scroller !== null && scroller.contains(document.activeElement) };
  }

  const focused = useRef<number | undefined>(undefined);
  useEffect(() => {
    const request = asked.current;
    if (serial === undefined || rowIndexWithResult === undefined || !request?.fromTimeline || focused.current === serial) return undefined;
    focused.current = serial;
    let frames = 0;
    let frame = 0;
    const tryFocus = () => {
      const article = scrollRef.current?.querySelector<HTMLElement>(`.timeline__row[data-index="${rowIndexWithResult}"] article:not(.tc-card--call)`);
      if (article) {
        // Focusable by script only: not a tab stop of its own, the card's controls are.
        if (!article.hasAttribute('tabindex')) article.setAttribute('tabindex', '-1');
        article.focus({ preventScroll: true });
        return;
      }
      frames += 1;
      if (frames < MOUNT_FRAMES) frame = requestAnimationFrame(tryFocus);
    };
    tryFocus();
    return () => cancelAnimationFrame(frame);
  }, [scrollRef, serial, rowIndexWithResult]);
}
