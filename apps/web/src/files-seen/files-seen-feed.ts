import type { FilesSeenResponse } from '@toolcards/protocol';
import type { FilesSeenStore } from './files-seen-store';

export interface FeedTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface FilesSeenFeedOptions {
  /** The session's files: all of them, or (with `afterSeq`) those touched after it. */
  fetch(afterSeq: number | undefined): Promise<FilesSeenResponse>;
  store: FilesSeenStore;
  timers?: FeedTimers;
  /** Asks once events stopped arriving for this long… */
  quietMs?: number;
  /** …or after this long of a steady stream. */
  maxWaitMs?: number;
}

const browserTimers: FeedTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Keeps a FilesSeenStore up with the session's log: told the last logged seq, it asks the
 * server again once events pause (debounced, with a ceiling for long streams), one request
 * at a time, each for what changed since the last answer.
 */
export class FilesSeenFeed {
  private readonly timers: FeedTimers;
  private readonly quietMs: number;
  private readonly maxWaitMs: number;
  private wantedSeq = -1;
  private noted = false;
  private quietTimer: unknown;
  private ceilingTimer: unknown;
  private inFlight = false;
  private disposed = false;

  constructor(private readonly options: FilesSeenFeedOptions) {
    this.timers = options.timers ?? browserTimers;
    this.quietMs = options.quietMs ?? 400;
    this.maxWaitMs = options.maxWaitMs ?? 2_000;
  }

  /** The session's log holds events up to `lastSeq` (history caught up): the list follows. */
  noteLogged(lastSeq: number): void {
    if (this.disposed) return;
    this.wantedSeq = Math.max(this.wantedSeq, lastSeq);
    this.noted = true;
    if (this.behind()) this.schedule();
  }

  /** Asks now (a Retry button). */
  refreshNow(): void {
    if (this.disposed) return;
    this.clearTimers();
    void this.ask();
  }

  /** The session is no longer shown: nothing more is asked, a late answer is dropped. */
  dispose(): void {
    this.disposed = true;
    this.clearTimers();
  }

  private behind(): boolean {
    const held = this.options.store.snapshot();
    return this.noted && (!held.loaded || held.throughSeq < this.wantedSeq);
  }

  private schedule(): void {
    if (this.quietTimer !== undefined) this.timers.clearTimeout(this.quietTimer);
    this.quietTimer = this.timers.setTimeout(() => this.fire(), this.quietMs);
    this.ceilingTimer ??= this.timers.setTimeout(() => this.fire(), this.maxWaitMs);
  }

  private fire(): void {
    this.clearTimers();
    void this.ask();
  }

  private async ask(): Promise<void> {
    // One request at a time: the next one starts from this one's answer.
    if (this.inFlight || this.disposed) return;
    this.inFlight = true;
    const { store } = this.options;
    const held = store.snapshot();
    let advanced = false;
    try {
      const answer = await this.options.fetch(held.loaded ? held.throughSeq : undefined);
      if (this.disposed) return;
      store.apply(answer);
      advanced = !held.loaded || answer.throughSeq > held.throughSeq;
    } catch (error) {
      if (!this.disposed) store.failed(error instanceof Error ? error.message : String(error));
      return;
    } finally {
      this.inFlight = false;
    }
    // Events logged while it was asked: once more (not when the answer did not move: the next event will ask).
    if (advanced && this.behind()) this.schedule();
  }

  private clearTimers(): void {
    if (this.quietTimer !== undefined) this.timers.clearTimeout(this.quietTimer);
    if (this.ceilingTimer !== undefined) this.timers.clearTimeout(this.ceilingTimer);
    this.quietTimer = undefined;
    this.ceilingTimer = undefined;
  }
}
