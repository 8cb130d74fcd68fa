import { isUtf8 } from 'node:buffer';
import type { ReadFileLine } from '@toolcards/protocol';
import { withoutIncompleteTail } from '../utf8-cut';

/** Bytes sniffed at the start of a file for NUL (binary) and UTF-8 validity. */
export const SNIFF_BYTES = 8 * 1024;

/** Appended to a line cut at the char limit. */
export function lineCutMarker(maxLineChars: number): string {
  return `… [line cut at ${maxLineChars} chars]`;
}

export interface ReadWindowOptions {
  /** 1-based first line. */
  offset: number;
  /** Most lines to return. */
  limit: number;
  maxLineChars: number;
  /** Cap on the UTF-8 bytes of the returned lines (a newline each). */
  maxWindowBytes: number;
}

/** Why the window stops where it does. */
export type ReadWindowEnd = 'end-of-file' | 'line-limit' | 'byte-cap';

export interface ReadWindow {
  offset: number;
  lines: ReadFileLine[];
  /** Exact: every newline of the file is counted, window or not. */
  totalLines: number;
  end: ReadWindowEnd;
}

export type ReadScanOutcome = { kind: 'window'; window: ReadWindow } | { kind: 'not-text'; reason: string };

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Scans a file chunk by chunk: counts every line, keeps only the window's
 * lines (each capped in bytes, so one 1 GB line cannot fill memory) and
 * validates what it keeps. Pure: the caller does the I/O; chunk boundaries do
 * not matter, and chunks may be reused by the caller after `push` returns.
 */
export class ReadWindowScanner {
  private completedLines = 0;
  /** Bytes after the last newline (an unterminated last line). */
  private trailingBytes = false;
  private partial: Buffer[] = [];
  private partialLength = 0;
  private partialOverflow = false;
  private readonly maxLineBytes: number;
  private readonly lines: ReadFileLine[] = [];
  private windowBytes = 0;
  private byteCapHit = false;
  private sniff: Buffer[] = [];
  private sniffLength = 0;
  private sniffDone = false;
  private notText: string | undefined;

  constructor(private readonly options: ReadWindowOptions) {
    // Enough bytes to hold maxLineChars UTF-16 units of any script, and to know the line is longer.
    this.maxLineBytes = options.maxLineChars * 4 + 4;
  }

  push(chunk: Buffer): void {
    if (this.notText !== undefined || chunk.length === 0) return;
    if (!this.sniffDone) {
      this.sniffChunk(chunk);
      if (this.notText !== undefined) return;
    }
    let start = 0;
    for (;;) {
      if (this.pastWindow()) {
        this.countRest(chunk, start);
        return;
      }
      const newline = chunk.indexOf(10, start);
      if (newline === -1) {
        if (start < chunk.length) {
          this.trailingBytes = true;
          if (this.collecting()) this.appendPartial(chunk, start, chunk.length);
        }
        return;
      }
      if (this.collecting()) {
        this.appendPartial(chunk, start, newline);
        this.finishLine();
        if (this.notText !== undefined) return;
      }
      this.completedLines += 1;
      this.trailingBytes = false;
      start = newline + 1;
    }
  }

  finish(): ReadScanOutcome {
    if (this.notText === undefined && !this.sniffDone) this.checkSniff(false);
    if (this.notText === undefined && this.trailingBytes && this.collecting()) this.finishLine();
    if (this.notText !== undefined) return { kind: 'not-text', reason: this.notText };
    const totalLines = this.completedLines + (this.trailingBytes ? 1 : 0);
    const { offset } = this.options;
    const lastShown = offset + this.lines.length - 1;
    const end: ReadWindowEnd =
      lastShown >= totalLines ? 'end-of-file' : this.byteCapHit ? 'byte-cap' : 'line-limit';
    return { kind: 'window', window: { offset, lines: this.lines, totalLines, end } };
  }

  /** No line from the one being scanned on can join the window: what is left only needs counting. */
  private pastWindow(): boolean {
    const { offset, limit } = this.options;
    return this.byteCapHit || this.completedLines + 1 >= offset + limit;
  }

  /** Counts the newlines of `chunk` from `start` in a tight loop (the per-line path, minus the window). */
  private countRest(chunk: Buffer, start: number): void {
    let count = 0;
    let from = start;
    for (;;) {
      const newline = chunk.indexOf(10, from);
      if (newline === -1) break;
      count += 1;
      from = newline + 1;
    }
    this.completedLines += count;
    if (from < chunk.length) this.trailingBytes = true;
    else if (count > 0) this.trailingBytes = false;
  }

  /** The line being scanned belongs to the window and the window still has room. */
  private collecting(): boolean {
    const lineNumber = this.completedLines + 1;
    const { offset, limit } = this.options;
    return !this.byteCapHit && lineNumber >= offset && lineNumber < offset + limit;
  }

  private appendPartial(chunk: Buffer, start: number, end: number): void {
    const room = this.maxLineBytes - this.partialLength;
    if (room <= 0) {
      if (end > start) this.partialOverflow = true;
      return;
    }
    const take = Math.min(room, end - start);
    if (take < end - start) this.partialOverflow = true;
    // Copied: the caller reuses its read buffer.
    this.partial.push(Buffer.from(chunk.subarray(start, start + take)));
    this.partialLength += take;
  }

  private finishLine(): void {
    const number = this.completedLines + 1;
    let bytes = this.partial.length === 1 ? this.partial[0]! : Buffer.concat(this.partial, this.partialLength);
    const overflow = this.partialOverflow;
    this.partial = [];
    this.partialLength = 0;
    this.partialOverflow = false;
    if (number === 1 && bytes.subarray(0, 3).equals(UTF8_BOM)) bytes = bytes.subarray(3);
    if (overflow) bytes = withoutIncompleteTail(bytes);
    if (!isUtf8(bytes)) {
      this.notText = `line ${number} is not valid UTF-8`;
      return;
    }
    let text = bytes.toString('utf8');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    const { maxLineChars, maxWindowBytes } = this.options;
    const cut = overflow || text.length > maxLineChars;
    if (cut) text = cutAtChars(text, maxLineChars) + lineCutMarker(maxLineChars);
    const lineBytes = Buffer.byteLength(text, 'utf8') + 1;
    if (this.windowBytes + lineBytes > maxWindowBytes) {
      this.byteCapHit = true;
      return;
    }
    this.windowBytes += lineBytes;
    this.lines.push(cut ? { number, text, cutAtChars: maxLineChars } : { number, text });
  }

  private sniffChunk(chunk: Buffer): void {
    const take = Math.min(SNIFF_BYTES - this.sniffLength, chunk.length);
    this.sniff.push(Buffer.from(chunk.subarray(0, take)));
    this.sniffLength += take;
    if (this.sniffLength >= SNIFF_BYTES) this.checkSniff(true);
  }

  private checkSniff(fileContinues: boolean): void {
    this.sniffDone = true;
    const head = Buffer.concat(this.sniff, this.sniffLength);
    this.sniff = [];
    if (head.includes(0)) {
      this.notText = 'it contains NUL bytes (a binary file)';
      return;
    }
    if (!isUtf8(fileContinues ? withoutIncompleteTail(head) : head)) {
      this.notText = 'it is not valid UTF-8';
    }
  }
}

/** `text` cut to `max` UTF-16 units without splitting a surrogate pair. */
export function cutAtChars(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? max - 1 : max;
  return text.slice(0, end);
}
