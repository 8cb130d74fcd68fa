import type { FileCardsResponse, FilesSeenResponse, SessionEvent } from '@toolcards/protocol';
import { FilesSeenFold } from './files-seen-fold';

/** The part of a live session this needs: its id, where its log ends, and a read of its logged events. */
export interface LoggedEvents {
  readonly id: string;
  readonly nextSeq: number;
  /** Visits the logged events with seq in [fromSeq, beforeSeq), in order. */
  readLogged(fromSeq: number, beforeSeq: number, visit: (event: SessionEvent) => void): Promise<void>;
}

/** A fold the replay from the start of a session opened from its tail feeds, as it reads the log anyway. */
export interface ReplayedFold {
  fold: FilesSeenFold;
  /** Resolves true once the replay has fed it every event, false if the replay failed. */
  fed: Promise<boolean>;
  /** Starts that replay now, if it has not started. */
  want(): void;
}

/**
 * The files a session's cards showed, computed from its log when first asked (or taken over
 * from the replay that opened it) and kept up to date by reading only what was logged since
 * (through the log's seq index), so asking again after each new event costs those events,
 * not the session. Held in memory while the session is open, never persisted: a reopened
 * session folds its log again.
 */
export class SessionFilesSeen {
  private fold = new FilesSeenFold();
  /** Catch-ups run one after another: each starts where the last one stopped. */
  private reading: Promise<void> = Promise.resolve();

  /** `replayed`: the fold the replay from the start feeds, taken over once it has seen the whole log. */
  constructor(
    private readonly log: LoggedEvents,
    private readonly replayed?: ReplayedFold,
  ) {
    if (replayed) this.reading = replayed.fed.then((whole) => {
      // A failed replay fed part of the log: this fold reads it all.
      if (whole) this.fold = replayed.fold;
    });
  }

  /** Every file the session touched, or those touched after `afterSeq`. */
  async files(afterSeq?: number): Promise<FilesSeenResponse> {
    await this.catchUp();
    const files = this.fold.list(afterSeq);
    return { sessionId: this.log.id, throughSeq: this.fold.throughSeq, ...(afterSeq === undefined ? {} : { afterSeq }), files };
  }

  /** One file with every card that touched it (null when none did). */
  async cards(path: string): Promise<FileCardsResponse> {
    await this.catchUp();
    return { sessionId: this.log.id, throughSeq: this.fold.throughSeq, file: this.fold.cardsOf(path) ?? null };
  }

  private catchUp(): Promise<void> {
    this.replayed?.want();
    const next = this.reading.then(async () => {
      const beforeSeq = this.log.nextSeq;
      const fromSeq = this.fold.throughSeq + 1;
      if (fromSeq >= beforeSeq) return;
      await this.log.readLogged(fromSeq, beforeSeq, (event) => this.fold.observe(event));
      // A line the log could not read is skipped, as replay skips it: the answer still covers it.
      this.fold.coverThrough(beforeSeq - 1);
    });
    // A failed read fails its request only; the next one tries again from where the fold is.
    this.reading = next.catch(() => undefined);
    return next;
  }
}
