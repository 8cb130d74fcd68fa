/**
 * How many ripgrep processes run at once in this process. Every grep and
 * glob call takes a slot before spawning and gives it back when ripgrep has
 * exited; the others wait in order. A call cancelled or timed out while
 * waiting leaves the queue and never spawns.
 */
export class RipgrepSlots {
  private running = 0;
  private readonly waiting: { limit: number; admit: () => void }[] = [];

  /** Resolves 'acquired' (then `release` once done), or why the wait ended without a slot. */
  acquire(limit: number, signal: AbortSignal, timeoutMs: number): Promise<'acquired' | 'aborted' | 'timeout'> {
    if (signal.aborted) return Promise.resolve('aborted');
    if (this.running < Math.max(1, limit) && this.waiting.length === 0) {
      this.running += 1;
      return Promise.resolve('acquired');
    }
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
      const timer = setTimeout(() => leave('timeout'), timeoutMs);
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

  /** Processes running now (for tests and diagnostics). */
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

/** Shared by every call in this process. */
export const ripgrepSlots = new RipgrepSlots();
