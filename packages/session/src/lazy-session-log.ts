import type { NewSessionEvent, SessionEvent, SessionHeader } from '@toolcards/protocol';
import type { ReplayReport } from './replay';
import { SessionLog, SessionLogClosedError, type LogEnd, type SessionLogHooks } from './session-log';

/** Where a full replay left the log. */
export function logEndOf(report: ReplayReport): LogEnd {
  const { header, lastSeq, completeBytes, readBytes, missingNewline } = report;
  return { header, lastSeq, completeBytes, readBytes, missingNewline };
}

/**
 * A session's log as a server holds it while people look at it: read-only
 * (no writer lock, no descriptor) until the first append, which takes the
 * writer lock and opens the file synchronously (SessionLog.resume), so viewing
 * a session never blocks another process from writing it.
 */
export class LazySessionLog {
  private writer: SessionLog | undefined;
  private isClosed = false;

  private constructor(
    readonly path: string,
    private readonly end: LogEnd,
    private readonly hooks: SessionLogHooks,
    writer: SessionLog | undefined,
  ) {
    this.writer = writer;
  }

  /** A log known only from a replay: the writer opens on the first append. */
  static readOnly(path: string, end: LogEnd, hooks: SessionLogHooks = {}): LazySessionLog {
    return new LazySessionLog(path, end, hooks, undefined);
  }

  /** A log whose writer is already open (a session just created). */
  static writing(writer: SessionLog): LazySessionLog {
    const end: LogEnd = { header: writer.header, lastSeq: writer.nextSeq - 1, completeBytes: writer.sizeBytes, readBytes: writer.sizeBytes, missingNewline: false };
    return new LazySessionLog(writer.path, end, {}, writer);
  }

  get id(): string {
    return this.end.header.id;
  }

  get header(): SessionHeader {
    return this.end.header;
  }

  /** The seq the next append gets. */
  get nextSeq(): number {
    return this.writer ? this.writer.nextSeq : this.end.lastSeq + 1;
  }

  /** Bytes of complete lines in the file: as read, or as written since. */
  get bytes(): number {
    return this.writer ? this.writer.sizeBytes : this.end.completeBytes;
  }

  /** True once the writer lock is held. */
  get writing(): boolean {
    return this.writer !== undefined;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  /**
   * Appends (see SessionLog.append), opening the writer first if needed. Besides
   * SessionLog's errors it may throw SessionBusyError (another process writes
   * this session) or SessionLogChangedError (it did since this log was read).
   */
  append(next: NewSessionEvent, now?: Date): SessionEvent {
    if (this.isClosed) throw new SessionLogClosedError(`session ${this.id} is closed`);
    this.writer ??= SessionLog.resume(this.path, this.end, this.hooks);
    return this.writer.append(next, now);
  }

  /** Closes the writer, if one was opened, releasing the lock. */
  close(): void {
    this.isClosed = true;
    const writer = this.writer;
    this.writer = undefined;
    writer?.close();
  }
}
