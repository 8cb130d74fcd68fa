/**
 * Cuts a byte stream into records at a separator byte, handing each record
 * out as a view into its chunk (no copy, no decoding) — the caller decides
 * which records are worth decoding. A record split across chunks is joined once.
 */
export class RecordSplitter {
  private pending: Buffer[] = [];
  private pendingLength = 0;

  constructor(
    private readonly separator: number,
    private readonly onRecord: (buffer: Buffer, start: number, end: number) => void,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    if (this.pendingLength > 0) {
      const separatorAt = chunk.indexOf(this.separator);
      if (separatorAt === -1) {
        this.keep(chunk);
        return;
      }
      this.pending.push(chunk.subarray(0, separatorAt));
      const joined = Buffer.concat(this.pending, this.pendingLength + separatorAt);
      this.pending = [];
      this.pendingLength = 0;
      this.emit(joined, 0, joined.length);
      start = separatorAt + 1;
    }
    for (;;) {
      const separatorAt = chunk.indexOf(this.separator, start);
      if (separatorAt === -1) break;
      this.emit(chunk, start, separatorAt);
      start = separatorAt + 1;
    }
    if (start < chunk.length) this.keep(chunk.subarray(start));
  }

  /** The stream ended: a last record without a separator still counts. */
  end(): void {
    if (this.pendingLength === 0) return;
    const joined = Buffer.concat(this.pending, this.pendingLength);
    this.pending = [];
    this.pendingLength = 0;
    this.emit(joined, 0, joined.length);
  }

  private keep(piece: Buffer): void {
    this.pending.push(piece);
    this.pendingLength += piece.length;
  }

  private emit(buffer: Buffer, start: number, end: number): void {
    if (end > start) this.onRecord(buffer, start, end);
  }
}
