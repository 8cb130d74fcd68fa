import type { FileLinesResponse, ReadFreshnessState } from '@toolcards/protocol';

/**
 * Where a card looks at files as they are now: the session's read-only routes. Views, not
 * tool calls: nothing is logged or sent to the model. Absent (gallery, tests) → the card
 * offers none of it.
 */
export interface FileSource {
  /** Lines of a workspace file now (the read tool's caps: fewer may come than asked). */
  lines(path: string, offset: number, limit: number): Promise<FileLinesResponse>;
  /** How this card's read compares with the file now; from then on the server watches the file. */
  freshness(): Promise<ReadFreshnessState>;
  /** Calls `listener` when the server says `path` changed; returns the unsubscribe. */
  watch(path: string, listener: () => void): () => void;
}
