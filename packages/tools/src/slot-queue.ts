export type SlotWait = 'acquired' | 'aborted' | 'timeout';

export interface SlotWaitOptions {
  /** Give up waiting after this long; without it a caller waits until a slot frees or it is aborted. */
  timeoutMs?: number;
  /** Called synchronously, once, when the caller has to wait (no slot free, or others waiting first). */
  onQueued?: () => void;
}

/**
 * A FIFO counting semaphore: at most `limit` holders at once, the rest wait in
 * arrival order. A caller aborted or timed out while waiting leaves the queue
 * at once and never gets a slot. The limit is given per acquire, so a config
 * change applies to the next caller without rebuilding the queue.
 */
export class SlotQueue {
  private running = 0;
  private readonly waiting: { limit: number; admit: () => void }[] = [];

  /** Resolves 'acquired' (then `release` once done), or why the wait ended without a slot. */
  acquire(limit: number, signal: AbortSignal, options: SlotWaitOptions = {}): Promise<SlotWait> {
    if (signal.aborted) return Promise.resolve('aborted');
    if (this.running < Math.max(1, limit) && this.waiting.length === 0) {
      this.running += 1;
      return Promise.resolve('acquired');
    }
    options.onQueued?.();
    return new Promise((resolve) => {
      const entry = {
        limit: Math.max(1, limit),
        admit: () => {
          settle();
          this.running += 1;
          resolve('acquired');
        },
      };
      const leave = (outcome: 'aborted' | 'timeout') => {
        settle();
        const at = this.waiting.indexOf(entry);
        if (at !== -1) this.waiting.splice(at, 1);
        resolve(outcome);
        this.admitNext();
      };
      const onAbort = () => leave('aborted');
      const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => leave('timeout'), options.timeoutMs);
      const settle = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  release(): void {
    this.running -= 1;
    this.admitNext();
  }

  /** Holders now (for tests and diagnostics). */
  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  private admitNext(): void {
    const next = this.waiting[0];
    if (next === undefined || this.running >= next.limit) return;
    this.waiting.shift();
    next.admit();
  }
}
