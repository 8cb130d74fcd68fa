import type { FileHandle } from 'node:fs/promises';

/** First read of a line; each next read is four times longer, so a 1 MB event takes 4 reads, not 16. */
const FIRST_READ_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/** A logged line read from its offset: whole, or its first `maxBytes` when longer. */
export interface LogLine {
  bytes: Buffer;
  whole: boolean;
}

/**
 * The line starting at `offset` of an open log, without its newline, never more than
 * `maxBytes`: an event a search lists is read back from the log by the offset ripgrep
 * gave, so ripgrep never has to print it.
 */
export async function readLogLine(file: FileHandle, offset: number, maxBytes: number): Promise<LogLine> {
  const chunks: Buffer[] = [];
  let length = 0;
  let size = FIRST_READ_BYTES;
  while (length < maxBytes) {
    const chunk = Buffer.allocUnsafe(Math.min(size, maxBytes - length));
    const { bytesRead } = await file.read(chunk, 0, chunk.length, offset + length);
    if (bytesRead === 0) return { bytes: Buffer.concat(chunks, length), whole: true };
    const newline = chunk.subarray(0, bytesRead).indexOf(NEWLINE);
    if (newline !== -1) {
      chunks.push(chunk.subarray(0, newline));
      return { bytes: Buffer.concat(chunks, length + newline), whole: true };
    }
    chunks.push(chunk.subarray(0, bytesRead));
    length += bytesRead;
    size *= 4;
  }
  return { bytes: Buffer.concat(chunks, length), whole: false };
}
