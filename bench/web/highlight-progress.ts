import { nextTask } from './paint';

/**
 * Follows the highlight worker's replies without touching the card's code: Worker is
 * wrapped before the card creates its worker, and the card's own 'message' listener is
 * wrapped so our bookkeeping runs right after it (after its setState is scheduled).
 */
export class HighlightProgress {
  private linesReceived = 0;
  private waiting: { lines: number; resolve: () => void }[] = [];

  static install(): HighlightProgress {
    const progress = new HighlightProgress();
    const NativeWorker = window.Worker;
    const spied = class extends NativeWorker {
      override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void {
        if (type !== 'message' || typeof listener !== 'function') {
          super.addEventListener(type, listener, options);
          return;
        }
        const followed = (event: Event) => {
          listener.call(this, event);
          progress.onReply((event as MessageEvent).data);
        };
        super.addEventListener(type, followed, options);
      }
    };
    window.Worker = spied;
    return progress;
  }

  /**
   * Resolves once `lines` lines have arrived and the card has had a task to commit them
   * (React schedules its render in a posted-message task queued before ours).
   */
  whenLinesArrived(lines: number): Promise<void> {
    return new Promise<void>((resolve) => {
      if (this.linesReceived >= lines) resolve();
      else this.waiting.push({ lines, resolve });
    }).then(nextTask);
  }

  /** Resolves once the worker reported each of `langs` warmed (its warm-up ran). */
  whenWarmed(langs: readonly string[]): Promise<void> {
    return new Promise<void>((resolve) => {
      const check = () => langs.every((lang) => this.warmed.has(lang));
      if (check()) resolve();
      else this.warmWaiters.push({ check, resolve });
    });
  }

  private readonly warmed = new Set<string>();
  private warmWaiters: { check: () => boolean; resolve: () => void }[] = [];

  private onReply(reply: unknown): void {
    const message = reply as { type?: string; lines?: unknown[]; lang?: string };
    if (message.type === 'warmed' && message.lang !== undefined) {
      this.warmed.add(message.lang);
      this.warmWaiters = this.warmWaiters.filter((waiter) => {
        if (!waiter.check()) return true;
        waiter.resolve();
        return false;
      });
      return;
    }
    if (message.type !== 'chunk' || !Array.isArray(message.lines)) return;
    this.linesReceived += message.lines.length;
    this.waiting = this.waiting.filter((waiter) => {
      if (this.linesReceived < waiter.lines) return true;
      waiter.resolve();
      return false;
    });
  }
}
