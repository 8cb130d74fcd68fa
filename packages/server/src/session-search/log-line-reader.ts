import type { FileHandle } from 'node:fs/promises';

/** First read of a line; each next read is four times longer, so a 1 MB event takes 4 reads, not 16. */
const FIRST_READ_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/** A logged line read from its offset: whole, or its first `maxBytes` when longer. */
export interface LogLine {
  /** A view into the reader's buffer: valid until its next read. */
  bytes: Buffer;
  whole: boolean;
}

/**
 * Reads logged lines by their offsets, without their newline, never more than `maxBytes` of
 * one: an event a search lists is read back from the log by the offset ripgrep gave, so
 * ripgrep never has to print it. One buffer serves every read, grown as a line needs, so
 * reading many big events leaves little for the collector.
 */
export class LogLineReader {
  private buffer = Buffer.allocUnsafe(FIRST_READ_BYTES);

  constructor(private readonly maxBytes: number) {}

  /** The line at `offset` of an open log `fileSize` bytes long. */
  async lineAt(file: FileHandle, fileSize: number, offset: number): Promise<LogLine> {
    let length = 0;
    let size = FIRST_READ_BYTES;
    // The line ends at the file's end at the latest: no read asks for more than is there.
    const limit = Math.min(this.maxBytes, Math.max(0, fileSize - offset));
    while (length < limit) {
      const want = Math.min(size, limit - length);
      this.room(length + want);
      const { bytesRead } = await file.read(this.buffer, length, want, offset + length);
      if (bytesRead === 0) break;
      const newline = this.buffer.subarray(length, length + bytesRead).indexOf(NEWLINE);
      if (newline !== -1) return { bytes: this.buffer.subarray(0, length + newline), whole: true };
      length += bytesRead;
      size *= 4;
    }
    return { bytes: this.buffer.subarray(0, length), whole: length < this.maxBytes };
  }

  /** The buffer grown to hold `bytes`, what it holds kept. */
  private room(bytes: number): void {
    if (this.buffer.length >= bytes) return;
    const grown = Buffer.allocUnsafe(Math.max(bytes, this.buffer.length * 2));
    this.buffer.copy(grown);
    this.buffer = grown;
  }
}
