/** Schedules one flush; returns a function that cancels it. */
export type FlushScheduler = (flush: () => void) => () => void;

export interface FrameBatcherOptions<T> {
  deliver: (batch: T[]) => void;
  schedule: FlushScheduler;
  /** Milliseconds of delivery work per flush before the rest waits for the next one. */
  budgetMs?: number;
  now?: () => number;
  /** Items handed over between two clock checks. */
  chunk?: number;
}

/**
 * Collects incoming frames and hands them over in batches, one per animation frame, so a
 * burst of thousands of frames costs one store update and one render per frame. A backlog
 * (a long history arriving at once) is drained over several frames within a time budget,
 * so no single task blocks the page.
 */
export class FrameBatcher<T> {
  private queue: T[] = [];
  private head = 0;
  private cancel: (() => void) | undefined;
  private readonly deliver: (batch: T[]) => void;
  private readonly schedule: FlushScheduler;
  private readonly budgetMs: number;
  private readonly now: () => number;
  private readonly chunk: number;

  constructor(options: FrameBatcherOptions<T>) {
    this.deliver = options.deliver;
    this.schedule = options.schedule;
    this.budgetMs = options.budgetMs ?? 12;
    this.now = options.now ?? (() => performance.now());
    this.chunk = options.chunk ?? 512;
  }

  push(item: T): void {
    this.queue.push(item);
    this.cancel ??= this.schedule(() => this.flush());
  }

  get pending(): number {
    return this.queue.length - this.head;
  }

  /** Drops what has not been delivered (the link it came from is gone). */
  clear(): void {
    this.cancel?.();
    this.cancel = undefined;
    this.queue = [];
    this.head = 0;
  }

  private flush(): void {
    this.cancel = undefined;
    const started = this.now();
    do {
      const end = Math.min(this.queue.length, this.head + this.chunk);
      const batch = this.queue.slice(this.head, end);
      this.head = end;
      this.deliver(batch);
    } while (this.head < this.queue.length && this.now() - started < this.budgetMs);
    if (this.head >= this.queue.length) {
      this.queue = [];
      this.head = 0;
    } else {
      if (this.head > 4096) {
        // Forget the delivered prefix now and then, so the backlog does not grow forever.
        this.queue = this.queue.slice(this.head);
        this.head = 0;
      }
      this.cancel = this.schedule(() => this.flush());
    }
  }
}

/** Animation frames while the page is visible; a timer when hidden (no animation frames come then). */
export const animationFrameScheduler: FlushScheduler = (flush) => {
  if (typeof document !== 'undefined' && document.hidden) {
    const timer = setTimeout(flush, 50);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(flush);
  return () => cancelAnimationFrame(frame);
};
