import type { FrameScheduler } from './once-per-frame';

/**
 * While a session's history replays, the timeline is updated this often rather than every
 * frame: each update mounts and lays out the newest cards, which the next frame would
 * replace — for a history of thousands of cards that layout dominated the replay.
 */
export const REPLAY_PUBLISH_MS = 300;

export const replayScheduler: FrameScheduler = (callback) => {
  const timer = setTimeout(callback, REPLAY_PUBLISH_MS);
  return () => clearTimeout(timer);
};

/** Longest wait for an idle moment before the next older page is asked for anyway. */
const BACKFILL_IDLE_TIMEOUT_MS = 1_000;

/**
 * Once the page is idle after the next frame: the tail is rendered, laid out and painted
 * before an older page is asked for, so its frames never compete with that first paint.
 */
export const backfillScheduler: FrameScheduler = (callback) => {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => callback(), { timeout: BACKFILL_IDLE_TIMEOUT_MS });
    else timer = setTimeout(callback, 50);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (idle !== undefined) cancelIdleCallback(idle);
    clearTimeout(timer);
  };
};
