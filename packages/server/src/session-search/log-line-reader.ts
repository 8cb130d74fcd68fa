import type { FileHandle } from 'node:fs/promises';

const CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/** A logged line read from its offset: whole, or its first `maxBytes` when longer. */
export interface LogLine {
  bytes: Buffer;
  whole: boolean;
}

/**
 * The line starting at `offset` of an open log, without its newline, read chunk by chunk
 * and never more than `maxBytes`: an event a search lists is read back from the log by the
 * offset ripgrep gave, so ripgrep never has to print it.
 */
export async function readLogLine(file: FileHandle, offset: number, maxBytes: number): Promise<LogLine> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < maxBytes) {
    const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, maxBytes - length));
    const { bytesRead } = await file.read(chunk, 0, chunk.length, offset + length);
    if (bytesRead === 0) return { bytes: Buffer.concat(chunks, length), whole: true };
    const newline = chunk.subarray(0, bytesRead).indexOf(NEWLINE);
    if (newline !== -1) {
      chunks.push(chunk.subarray(0, newline));
      return { bytes: Buffer.concat(chunks, length + newline), whole: true };
    }
    chunks.push(chunk.subarray(0, bytesRead));
    length += bytesRead;
  }
  return { bytes: Buffer.concat(chunks, length), whole: false };
}
