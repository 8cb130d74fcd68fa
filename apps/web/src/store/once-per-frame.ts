/** Schedules one call; returns a function that cancels it. */
export type FrameScheduler = (callback: () => void) => () => void;

/**
 * Coalesces requests into one call per animation frame: a burst of thousands of frames
 * from the socket costs one store update and one render per frame.
 */
export class OncePerFrame {
  private cancel: (() => void) | undefined;

  constructor(
    private readonly run: () => void,
    private readonly schedule: FrameScheduler = animationFrameScheduler,
  ) {}

  request(): void {
    this.cancel ??= this.schedule(() => {
      this.cancel = undefined;
      this.run();
    });
  }

  /** Runs now what was requested (and cancels the scheduled call). */
  flush(): void {
    if (!this.cancel) return;
    this.cancel();
    this.cancel = undefined;
    this.run();
  }

  dispose(): void {
    this.cancel?.();
    this.cancel = undefined;
  }
}

/** Animation frames while the page is visible; a timer when hidden (no animation frames come then). */
export const animationFrameScheduler: FrameScheduler = (callback) => {
  if (typeof document !== 'undefined' && document.hidden) {
    const timer = setTimeout(callback, 100);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(callback);
  return () => cancelAnimationFrame(frame);
};
