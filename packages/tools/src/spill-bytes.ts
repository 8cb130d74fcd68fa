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
  /** Width of the last label written by `jsonMatchLine`: the next one likely has the same. */
  private labelLength = LINE_LABEL.length + 1 + 2;

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

  /**
   * A whole match line, `  Line N: <value>\n`, from a JSON string whose
   * closing quote is found while unescaping it, with N read after it by
   * `lineNumberAfter` — one pass over the line, the hot path of a big grep.
   * The body goes where the label of the previous line ended (line numbers
   * grow, so their width rarely changes) and moves when the guess was wrong.
   * False, with nothing written, when the value (without its line
   * terminator) exceeds `maxBody` bytes, is malformed, or N cannot be read.
   */
  jsonMatchLine(
    source: Buffer,
    valueStart: number,
    end: number,
    maxBody: number,
    lineNumberAfter: (source: Buffer, quoteAt: number, end: number) => number,
  ): boolean {
    const room = maxBody + 2 + LABEL_MAX_BYTES + 1; // body, \r\n, label, newline
    if (room > BATCH_BYTES) return false;
    this.reserve(room);
    const buffer = this.buffer;
    const labelAt = this.used;
    const guess = this.labelLength;
    const bodyAt = labelAt + guess;
    const unescaped = unescapeJsonBytes(source, valueStart, end, buffer, bodyAt, maxBody + 2, true);
    let out = unescaped.written;
    const quoteAt = unescaped.stoppedAt;
    if (out < 0 || source[quoteAt] !== 0x22) return false;
    if (out > bodyAt && buffer[out - 1] === 0x0a) out -= 1;
    if (out > bodyAt && buffer[out - 1] === 0x0d) out -= 1;
    if (out - bodyAt > maxBody) return false;
    const lineNumber = lineNumberAfter(source, quoteAt, end);
    if (lineNumber < 0) return false;
    const labelLength = LINE_LABEL.length + digitCount(lineNumber) + 2;
    if (labelLength !== guess) {
      buffer.copyWithin(labelAt + labelLength, bodyAt, out);
      out += labelLength - guess;
      this.labelLength = labelLength;
    }
    writeLabel(buffer, labelAt, lineNumber);
    buffer[out] = 0x0a;
    this.used = out + 1;
    return true;
  }

  flush(): void {
    if (this.used === 0) return;
    this.emit(this.buffer.subarray(0, this.used));
    this.buffer = Buffer.allocUnsafe(BATCH_BYTES);
    this.used = 0;
  }
}

const LINE_LABEL = Buffer.from('  Line ');

/** `  Line ` + up to 16 digits + `: `. */
const LABEL_MAX_BYTES = 32;

function digitCount(value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits += 1;
  return digits;
}

/** Writes `  Line N: ` at `at`; returns the position after it. */
function writeLabel(buffer: Buffer, at: number, lineNumber: number): number {
  let position = at;
  for (let index = 0; index < LINE_LABEL.length; index += 1) buffer[position++] = LINE_LABEL[index]!;
  const digits = digitCount(lineNumber);
  for (let index = digits - 1, rest = lineNumber; index >= 0; index -= 1, rest = Math.floor(rest / 10)) {
    buffer[position + index] = 0x30 + (rest % 10);
  }
  position += digits;
  buffer[position++] = 0x3a; // :
  buffer[position++] = 0x20;
  return position;
}
