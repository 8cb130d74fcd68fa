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

  private onReply(reply: unknown): void {
    const message = reply as { type?: string; lines?: unknown[] };
    if (message.type !== 'chunk' || !Array.isArray(message.lines)) return;
    this.linesReceived += message.lines.length;
    this.waiting = this.waiting.filter((waiter) => {
      if (this.linesReceived < waiter.lines) return true;
      waiter.resolve();
      return false;
    });
  }
}
