import { animationFrameScheduler, type FrameScheduler } from './once-per-frame';

/** While events keep coming, the store publishes at most this often. */
export const BURST_PUBLISH_MS = 100;

/**
 * When the store publishes what it received: the first request after a quiet spell in the
 * next animation frame (a lone event shows at once), and while events keep coming at most
 * every `intervalMs`. Each publish re-renders the timeline and lays out its new rows; once
 * a frame during a stream, that work outgrew the frames, and ten a second show the same
 * rows with each batch laid out once.
 */
export function burstScheduler(intervalMs = BURST_PUBLISH_MS, now: () => number = () => performance.now(), frame: FrameScheduler = animationFrameScheduler): FrameScheduler {
  let lastRun = Number.NEGATIVE_INFINITY;
  return (callback) => {
    const run = () => {
      lastRun = now();
      callback();
    };
    const wait = lastRun + intervalMs - now();
    if (wait <= 0) return frame(run);
    let cancelFrame: (() => void) | undefined;
    const timer = setTimeout(() => {
      cancelFrame = frame(run);
    }, wait);
    return () => {
      clearTimeout(timer);
      cancelFrame?.();
    };
  };
}
