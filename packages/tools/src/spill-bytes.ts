import { unescapeJsonBytes } from './json-string-bytes';

/** Size of each batch handed to the spill writer. */
const BATCH_BYTES = 64 * 1024;

/**
 * Builds spill text as UTF-8 in 64 KiB batches, so a spilled grep match is
 * copied (and unescaped) straight from ripgrep's JSON bytes instead of
 * becoming JS strings first — on a big search that is most of the cost.
 * Each full batch is handed over (never reused) to `emit`.
 */
export class SpillBytes {
  private buffer = Buffer.allocUnsafe(BATCH_BYTES);
  private used = 0;

  constructor(private readonly emit: (batch: Buffer) => void) {}

  /** Current write position, for `rollBack`. */
  mark(): number {
    return this.used;
  }

  rollBack(mark: number): void {
    this.used = mark;
  }

  /** Makes sure `bytes` more fit in the current batch (when they can fit a batch at all). */
  reserve(bytes: number): void {
    if (bytes > BATCH_BYTES - this.used) this.flush();
  }

  text(value: string): void {
    // UTF-8 needs at most 3 bytes per UTF-16 unit; Buffer#write would silently stop at the end.
    if (value.length * 3 > BATCH_BYTES - this.used) {
      this.flush();
      if (value.length * 3 > BATCH_BYTES) {
        this.emit(Buffer.from(value, 'utf8'));
        return;
      }
    }
    this.used += this.buffer.write(value, this.used, 'utf8');
  }

  newline(): void {
    this.reserve(1);
    this.buffer[this.used++] = 0x0a;
  }

  /** `  Line N: ` without building a string (the grep render's match-line prefix). */
  lineLabel(lineNumber: number): void {
    this.reserve(32);
    const buffer = this.buffer;
    let at = this.used;
    for (let index = 0; index < LINE_LABEL.length; index += 1) buffer[at++] = LINE_LABEL[index]!;
    let digits = 1;
    for (let rest = lineNumber; rest >= 10; rest = Math.floor(rest / 10)) digits += 1;
    for (let index = digits - 1, rest = lineNumber; index >= 0; index -= 1, rest = Math.floor(rest / 10)) {
      buffer[at + index] = 0x30 + (rest % 10);
    }
    at += digits;
    buffer[at++] = 0x3a; // :
    buffer[at++] = 0x20;
    this.used = at;
  }

  /**
   * The value of a JSON string body (the bytes between its quotes), unescaped
   * into the batch. False, with nothing written, for a body that does not
   * fit one batch or holds an escape JSON does not define.
   */
  jsonStringBody(source: Buffer, start: number, end: number): boolean {
    if (end - start > BATCH_BYTES) return false;
    this.reserve(end - start); // unescaping never grows a body
    const written = unescapeJsonBytes(source, start, end, this.buffer, this.used, end - start);
    if (written < 0) return false;
    this.used = written;
    return true;
  }

  copy(source: Buffer, start: number, end: number): void {
    const length = end - start;
    if (length > BATCH_BYTES - this.used) {
      this.flush();
      if (length > BATCH_BYTES) {
        this.emit(Buffer.from(source.subarray(start, end)));
        return;
      }
    }
    source.copy(this.buffer, this.used, start, end);
    this.used += length;
  }

  flush(): void {
    if (this.used === 0) return;
    this.emit(this.buffer.subarray(0, this.used));
    this.buffer = Buffer.allocUnsafe(BATCH_BYTES);
    this.used = 0;
  }
}

const LINE_LABEL = Buffer.from('  Line ');
