import type { NewSessionEvent, SessionSource } from '@toolcards/protocol';

/**
 * The contract every importer of another agent's transcript keeps (Claude Code, Codex).
 *
 * An importer is a pure, incremental mapper: the server feeds it a transcript's complete
 * lines in file order (the tail of a live file included) and appends what comes out to a
 * toolcards session log, so replay, tail-first paging, permalinks, find, the Files panel and
 * session search work on imported sessions exactly as on ours. Mapping is deterministic: the
 * same lines give the same events, so seqs (and permalinks) stay valid while the file grows.
 *
 * Calls map onto our cards in one of two ways:
 * - a read, grep or glob becomes a `tool/call` named `read` | `grep` | `glob` with OUR args
 *   and a `tool/result` whose meta is OUR read or search meta, so our presenters draw it;
 * - anything else keeps the agent's tool name and carries `card: 'terminal' | 'diff' | 'plan'`
 *   beside that card's fields in its meta (packages/tools agentCardView), or no card (generic).
 */
export interface TranscriptImporter {
  readonly source: ImportedSource;
  /**
   * Maps one complete line (no trailing newline). Never throws: a line it does not
   * understand is skipped and counted.
   */
  feedLine(line: string): ImportedEvent[];
  /** What the lines so far said about the session as a whole. */
  facts(): TranscriptFacts;
  /** Records skipped so far, counted by their type ('malformed' for a line that is not JSON). */
  skipped(): SkippedRecords;
  /**
   * The part of skipped() the importer did not recognise: malformed lines, shapes no guard
   * foresaw, and record kinds missing from its list of kinds left out on purpose (format drift).
   */
  notUnderstood(): SkippedRecords;
  /**
   * What the importer holds after the lines fed so far (calls waiting for results, titles, the
   * tally), as JSON: an importer created from it maps the lines that follow exactly as this one
   * would, so a restart resumes a mirror at its offset instead of feeding the file again.
   */
  state(): ImporterState;
}

/** An importer's state (`TranscriptImporter.state()`), tagged with who wrote it and how. */
export interface ImporterState {
  source: ImportedSource;
  /** The layout of `data`; an importer refuses a state of another layout (ImporterStateError). */
  version: number;
  data: unknown;
}

/** A state this importer cannot resume from (another agent's, another layout, a damaged file): feed the transcript again instead. */
export class ImporterStateError extends Error {
  override readonly name = 'ImporterStateError';
  readonly code = 'IMPORTER_STATE_MISMATCH';
}

export type ImportedSource = Exclude<SessionSource, 'toolcards'>;

/** One session event and the time the agent logged it (ISO 8601). */
export interface ImportedEvent {
  time: string;
  event: NewSessionEvent;
}

export interface TranscriptFacts {
  /** The agent's own id for the session. */
  agentSessionId?: string;
  /** The folder the agent ran in. */
  cwd?: string;
  /** ISO 8601, the first record's time. */
  createdAt?: string;
  /** The first real prompt (harness wrappers removed) or the agent's own summary/title. */
  title?: string;
  /** The agent's version as its records name it (e.g. "2.1.332", "0.169.0"). */
  agentVersion?: string;
}

export interface SkippedRecords {
  total: number;
  byType: Record<string, number>;
}
