import { animationFrameScheduler, type FrameScheduler } from './once-per-frame';

/** While events keep coming, the store publishes at most this often. */
export const BURST_PUBLISH_MS = 100;

/**
 * When the store publishes what it received: the first request after a quiet spell in the
 * next animation frame (a lone event shows at once), and so is the one after it (a command's
 * call, then its result tens of ms later: without this the result waited out the call's
 * interval, and a warm /read's first row came ~100 ms late). From then on, while events keep
 * coming, at most every `intervalMs`. Each publish re-renders the timeline and lays out its
 * new rows; once a frame during a stream, that work outgrew the frames, and ten a second show
 * the same rows with each batch laid out once.
 */
export function burstScheduler(intervalMs = BURST_PUBLISH_MS, now: () => number = () => performance.now(), frame: FrameScheduler = animationFrameScheduler): FrameScheduler {
  let lastRun = Number.NEGATIVE_INFINITY;
  // The last run came after a quiet spell: the next one may follow it at once.
  let lastRunWasLone = false;
  return (callback) => {
    const requestedAt = now();
    const lone = requestedAt - lastRun >= intervalMs;
    const run = () => {
      lastRunWasLone = lone;
      lastRun = now();
      callback();
    };
    if (lone || lastRunWasLone) return frame(run);
    let cancelFrame: (() => void) | undefined;
    const timer = setTimeout(() => {
      cancelFrame = frame(run);
    }, lastRun + intervalMs - requestedAt);
    return () => {
      clearTimeout(timer);
      cancelFrame?.();
    };
  };
}
