/** Receives, piece by piece, a record too long to hold whole (its bytes in order, then `end`). */
export interface OversizedRecordSink {
  begin(): void;
  push(buffer: Buffer, start: number, end: number): void;
  end(): void;
}

/** Default cap on one record held in memory: far above any line worth showing whole. */
export const MAX_RECORD_BYTES = 1024 * 1024;

/**
 * Cuts a byte stream into records at a separator byte, handing each record
 * out as a view into its chunk (no copy, no decoding) — the caller decides
 * which records are worth decoding. A record split across chunks is joined
 * once, up to `maxRecordBytes`: a longer one (a minified 50 MB line) is never
 * held whole but streamed to the `oversized` sink, or skipped without one.
 */
export class RecordSplitter {
  private pending: Buffer[] = [];
  private pendingLength = 0;
  /** Inside a record that went over the cap: its bytes stream out until the separator. */
  private streaming = false;

  constructor(
    private readonly separator: number,
    private readonly onRecord: (buffer: Buffer, start: number, end: number) => void,
    private readonly maxRecordBytes = MAX_RECORD_BYTES,
    private readonly oversized?: OversizedRecordSink,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    if (this.streaming || this.pendingLength > 0) {
      const separatorAt = chunk.indexOf(this.separator);
      if (separatorAt === -1) {
        this.keep(chunk);
        return;
      }
      if (this.streaming) {
        this.oversized?.push(chunk, 0, separatorAt);
        this.streaming = false;
        this.oversized?.end();
      } else if (this.pendingLength + separatorAt > this.maxRecordBytes) {
        this.startStreaming();
        this.oversized?.push(chunk, 0, separatorAt);
        this.streaming = false;
        this.oversized?.end();
      } else {
        this.pending.push(chunk.subarray(0, separatorAt));
        const joined = Buffer.concat(this.pending, this.pendingLength + separatorAt);
        this.pending = [];
        this.pendingLength = 0;
        this.emit(joined, 0, joined.length);
      }
      start = separatorAt + 1;
    }
    for (;;) {
      const separatorAt = chunk.indexOf(this.separator, start);
      if (separatorAt === -1) break;
      if (separatorAt - start > this.maxRecordBytes) {
        this.oversized?.begin();
        this.oversized?.push(chunk, start, separatorAt);
        this.oversized?.end();
      } else {
        this.emit(chunk, start, separatorAt);
      }
      start = separatorAt + 1;
    }
    if (start < chunk.length) this.keep(chunk.subarray(start));
  }

  /** The stream ended: a last record without a separator still counts. */
  end(): void {
    if (this.streaming) {
      this.streaming = false;
      this.oversized?.end();
      return;
    }
    if (this.pendingLength === 0) return;
    const joined = Buffer.concat(this.pending, this.pendingLength);
    this.pending = [];
    this.pendingLength = 0;
    this.emit(joined, 0, joined.length);
  }

  /** Keeps the tail of a chunk for the next one, or streams it once the record is over the cap. */
  private keep(piece: Buffer): void {
    if (this.streaming) {
      this.oversized?.push(piece, 0, piece.length);
      return;
    }
    if (this.pendingLength + piece.length > this.maxRecordBytes) {
      this.startStreaming();
      this.oversized?.push(piece, 0, piece.length);
      return;
    }
    this.pending.push(piece);
    this.pendingLength += piece.length;
  }

  /** What was held of the record goes to the sink first, in order. */
  private startStreaming(): void {
    this.streaming = true;
    this.oversized?.begin();
    for (const held of this.pending) this.oversized?.push(held, 0, held.length);
    this.pending = [];
    this.pendingLength = 0;
  }

  private emit(buffer: Buffer, start: number, end: number): void {
    if (end > start) this.onRecord(buffer, start, end);
  }
}
