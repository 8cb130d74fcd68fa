import { closeSync, fdatasyncSync, ftruncateSync, openSync, truncateSync, writeSync } from 'node:fs';
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
      const fd = openSync(path, 'wx', 0o600);
      const line = Buffer.from(JSON.stringify(header) + '\n', 'utf8');
      try {
        writeFully(fd, line);
      } catch (error) {
        closeSync(fd);
        throw error;
      }
      return new SessionLog(path, header, fd, -1, line.length, lock, hooks);
    } catch (error) {
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
   * written) for data the replay would reject.
   */
  append(next: NewSessionEvent, now: Date = new Date()): SessionEvent {
    const fd = this.fd;
    if (fd === undefined) throw new SessionLogClosedError(`session ${this.id} is closed`);
    const text = JSON.stringify({ seq: this.nextSeq, time: now.toISOString(), type: next.type, data: next.data });
    const checked = eventFromJson(JSON.parse(text));
    if (!checked.ok) throw new InvalidEventError(`refusing to log a ${next.type} event: ${checked.message}`);
    const line = Buffer.from(text + '\n', 'utf8');
    try {
      writeFully(fd, line);
    } catch (error) {
      // Never leave half a line in the middle of the log.
      try {
        ftruncateSync(fd, this.size);
      } catch {
        // The replay skips a torn last line anyway.
      }
      throw error;
    }
    this.size += line.length;
    this.lastSeq = checked.value.seq;
    if (checked.value.type === 'turn/end') this.sync();
    this.hooks.onAppend?.(checked.value, this.size);
    return checked.value;
  }

  /** fdatasync: survive power loss, not just process death. */
  sync(): void {
    if (this.fd === undefined) return;
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

function writeFully(fd: number, bytes: Buffer): void {
  let written = 0;
  while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
}
