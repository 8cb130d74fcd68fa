import { closeSync, fdatasyncSync, fstatSync, ftruncateSync, openSync, rmSync, truncateSync, writeSync } from 'node:fs';
import type { NewSessionEvent, SessionEvent, SessionHeader } from '@toolcards/protocol';
import { eventFromJson } from './log-entries';
import { replaySessionLog, type ReplayReport, type ReplayVisitor } from './replay';
import { acquireWriterLock, type WriterLock } from './writer-lock';

export class InvalidEventError extends Error {
  override readonly name = 'InvalidEventError';
}

export class SessionLogClosedError extends Error {
  override readonly name = 'SessionLogClosedError';
}

/** The disk refused an event (full, quota, I/O error): nothing of it is in the log. */
export class SessionLogWriteError extends Error {
  override readonly name = 'SessionLogWriteError';
  readonly code = 'LOG_WRITE_FAILED';
  constructor(
    message: string,
    /** The errno code (ENOSPC, EDQUOT, EFBIG, EIO, …) when there is one. */
    readonly errno: string | undefined,
  ) {
    super(message);
  }
}

/** The log grew or shrank since it was read: another process wrote it. Reopen the session to go on. */
export class SessionLogChangedError extends Error {
  override readonly name = 'SessionLogChangedError';
  constructor(
    readonly path: string,
    readonly expectedBytes: number,
    readonly actualBytes: number,
  ) {
    super(`session log ${path} changed on disk since it was read (${expectedBytes} → ${actualBytes} bytes); reopen the session`);
  }
}

/** Where a read-only replay left a log: enough to start appending without reading it again. */
export interface LogEnd {
  header: SessionHeader;
  lastSeq: number;
  /** Bytes of complete lines. */
  completeBytes: number;
  /** Bytes the replay read (complete lines plus a torn tail). */
  readBytes: number;
  missingNewline: boolean;
}

export interface SessionLogHooks {
  /** After an event is on disk; `sizeBytes` is the log's new length. */
  onAppend?(event: SessionEvent, sizeBytes: number): void;
  onClose?(): void;
}

/**
 * The one writer of a session's JSONL log.
 *
 * Every append is a single synchronous write of one complete line straight to
 * the kernel (no user-space buffer), so a killed process loses at most the line
 * it was writing, and anything that reads the file after `append` returns sees
 * the event. Appends are synchronous on purpose: a subscriber that notes
 * `nextSeq` and registers in the same tick can neither miss nor double an event.
 * The data is fsynced at turn ends and on close (power loss, not process death,
 * could cost the events of the running turn).
 */
export class SessionLog {
  private fd: number | undefined;
  /** Set when a failed line could not be cut off: appending after it would bury the next event. */
  private brokenTail: string | undefined;

  private constructor(
    readonly path: string,
    readonly header: SessionHeader,
    fd: number,
    private lastSeq: number,
    private size: number,
    private readonly lock: WriterLock,
    private readonly hooks: SessionLogHooks,
  ) {
    this.fd = fd;
  }

  /** Starts a new log; fails if the file exists. */
  static create(path: string, header: SessionHeader, hooks: SessionLogHooks = {}): SessionLog {
    const lock = acquireWriterLock(path);
    try {
      // O_APPEND: every write lands at the current end, even after an ftruncate.
      const fd = openSync(path, 'ax', 0o600);
      const line = Buffer.from(JSON.stringify(header) + '\n', 'utf8');
      try {
        writeFully(fd, line);
      } catch (error) {
        closeSync(fd);
        // A log without a complete header is unreadable: don't leave one behind.
        rmSync(path, { force: true });
        throw writeError(`could not create session log ${path}`, error);
      }
      return new SessionLog(path, header, fd, -1, line.length, lock, hooks);
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  /**
   * Starts appending to a log a read-only replay has just read (`end`), without
   * reading it again: takes the writer lock, checks the file is still the size
   * the replay saw, cuts a torn tail, adds a missing newline. Synchronous, so the
   * first append of a session that was only being viewed stays atomic.
   * Throws SessionBusyError (another writer), SessionLogChangedError (the file
   * changed since `end` was read) or SessionLogWriteError.
   */
  static resume(path: string, end: LogEnd, hooks: SessionLogHooks = {}): SessionLog {
    const lock = acquireWriterLock(path);
    let fd: number | undefined;
    try {
      fd = openSync(path, 'a', 0o600);
      const actual = fstatSync(fd).size;
      if (actual !== end.readBytes) throw new SessionLogChangedError(path, end.readBytes, actual);
      let size = end.completeBytes;
      try {
        if (actual > size) ftruncateSync(fd, size);
        if (end.missingNewline) {
          writeFully(fd, Buffer.from('\n'));
          size += 1;
        }
      } catch (error) {
        throw writeError(`could not prepare session log ${path} for appending`, error);
      }
      return new SessionLog(path, end.header, fd, end.lastSeq, size, lock, hooks);
    } catch (error) {
      if (fd !== undefined) closeSync(fd);
      lock.release();
      throw error;
    }
  }

  /**
   * Reopens an existing log for appending. A torn last line is cut off (it was
   * never delivered to anyone: delivery follows the write); a complete last event
   * that lost only its newline gets one, so the next append starts a fresh line.
   */
  static async open(
    path: string,
    hooks: SessionLogHooks = {},
    visit?: ReplayVisitor,
  ): Promise<{ log: SessionLog; report: ReplayReport }> {
    const lock = acquireWriterLock(path);
    try {
      const report = await replaySessionLog(path, visit);
      if (report.tornTail) truncateSync(path, report.completeBytes);
      const fd = openSync(path, 'a', 0o600);
      let size = report.completeBytes;
      if (report.missingNewline) {
        writeFully(fd, Buffer.from('\n'));
        size += 1;
      }
      return { log: new SessionLog(path, report.header, fd, report.lastSeq, size, lock, hooks), report };
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  get id(): string {
    return this.header.id;
  }

  /** The seq the next append gets. */
  get nextSeq(): number {
    return this.lastSeq + 1;
  }

  get sizeBytes(): number {
    return this.size;
  }

  get closed(): boolean {
    return this.fd === undefined;
  }

  /**
   * Assigns seq and time, writes the line, and returns the event exactly as a
   * replay will read it back (JSON round trip + validation), so views computed
   * from it live and on replay are identical. Throws InvalidEventError (nothing
   * written) for data the replay would reject, and SessionLogWriteError (nothing
   * written) when the disk refuses the line.
   */
  append(next: NewSessionEvent, now: Date = new Date()): SessionEvent {
    const fd = this.fd;
    if (fd === undefined) throw new SessionLogClosedError(`session ${this.id} is closed`);
    if (this.brokenTail !== undefined) throw new SessionLogWriteError(this.brokenTail, undefined);
    const text = JSON.stringify({ seq: this.nextSeq, time: now.toISOString(), type: next.type, data: next.data });
    const checked = eventFromJson(JSON.parse(text));
    if (!checked.ok) throw new InvalidEventError(`refusing to log a ${next.type} event: ${checked.message}`);
    const line = Buffer.from(text + '\n', 'utf8');
    try {
      writeFully(fd, line);
    } catch (error) {
      // Never leave half a line in the middle of the log. With O_APPEND the next
      // write starts at the cut, so no hole opens up.
      try {
        ftruncateSync(fd, this.size);
      } catch (cut) {
        // The replay skips a torn last line, but a line appended after it would be
        // glued to it and lost: refuse appends until a reopen cuts the tail.
        this.brokenTail = `session log ${this.path} ends with a partial line that could not be removed (${(cut as Error).message}); reopen the session`;
      }
      throw writeError(`could not log a ${next.type} event in session ${this.id}`, error);
    }
    this.size += line.length;
    this.lastSeq = checked.value.seq;
    if (checked.value.type === 'turn/end') this.sync();
    this.hooks.onAppend?.(checked.value, this.size);
    return checked.value;
  }

  /**
   * fdatasync: survive power loss, not just process death. Not for a mirror of another
   * agent's transcript: it is rebuilt from the transcript (decision 0020), and its syncs were
   * a quarter of mapping 1,000 transcripts.
   */
  sync(): void {
    if (this.fd === undefined || isMirror(this.header)) return;
    try {
      fdatasyncSync(this.fd);
    } catch {
      // Best effort: some filesystems refuse fsync; the data is still in the kernel.
    }
  }

  close(): void {
    const fd = this.fd;
    if (fd === undefined) return;
    this.sync();
    this.fd = undefined;
    try {
      closeSync(fd);
    } finally {
      this.lock.release();
      this.hooks.onClose?.();
    }
  }
}

function isMirror(header: SessionHeader): boolean {
  return header.source !== undefined && header.source !== 'toolcards';
}

function writeError(what: string, error: unknown): SessionLogWriteError {
  const errno = (error as NodeJS.ErrnoException)?.code;
  return new SessionLogWriteError(`${what}: ${(error as Error)?.message ?? String(error)}`, errno);
}

function writeFully(fd: number, bytes: Buffer): void {
  let written = 0;
  while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
}
