import { animationFrameScheduler, type FrameScheduler } from '../store/once-per-frame';
import { FLING_SETTLE_MS, ScrollPace } from './scroll-pace';

/** What a fling holds back: the card bodies' mount queue. */
export interface HeldMounts {
  hold(): void;
  letGo(): void;
}

export interface FlingHoldOptions {
  /** True while the timeline follows its end: its own scroll writes are never a fling. */
  following: () => boolean;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => () => void;
  requestFrame?: FrameScheduler;
}

/**
 * Holds the cards' mounting while the person flings the timeline (scroll-pace.ts): the rows
 * going past keep their estimated-height placeholders, a frame does not style and lay out
 * cards nobody can read, and they mount once the scroll slows, or stops for 120 ms and a
 * whole frame (a loaded page's frames can be further apart than the timer). Reads the
 * scroller's offset in its scroll events only, where the virtualizer has just read it (no
 * layout of its own); the viewport's height bounds a jump.
 */
export function holdMountsWhileFlung(scroller: HTMLElement, mounts: HeldMounts, options: FlingHoldOptions): () => void {
  const now = options.now ?? (() => performance.now());
  const setTimer =
    options.setTimer ??
    ((callback: () => void, ms: number) => {
      const timer = setTimeout(callback, ms);
      return () => clearTimeout(timer);
    });
  const requestFrame = options.requestFrame ?? animationFrameScheduler;
  const pace = new ScrollPace();
  let flung = false;
  let lastScroll = 0;
  let cancelSettle: (() => void) | undefined;
  // The timer fired: settled if no scroll came by the next frame (its scroll events come before it).
  const settleAfterFrame = () => {
    cancelSettle = requestFrame(() => {
      const quiet = now() - lastScroll;
      if (quiet >= FLING_SETTLE_MS) settle();
      else cancelSettle = setTimer(settleAfterFrame, FLING_SETTLE_MS - quiet);
    });
  };
  const settle = () => {
    cancelSettle?.();
    cancelSettle = undefined;
    pace.reset();
    if (!flung) return;
    flung = false;
    mounts.letGo();
  };
  const onScroll = () => {
    if (options.following()) return settle();
    lastScroll = now();
    const fling = pace.note(lastScroll, scroller.scrollTop, typeof window === 'undefined' ? 800 : window.innerHeight);
    if (fling && !flung) {
      flung = true;
      mounts.hold();
    } else if (!fling && flung) {
      flung = false;
      mounts.letGo();
    }
    cancelSettle?.();
    cancelSettle = flung ? setTimer(settleAfterFrame, FLING_SETTLE_MS) : undefined;
  };
  scroller.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    scroller.removeEventListener('scroll', onScroll);
    settle();
  };
}
