import type { OversizedRecordSink } from '../ripgrep/record-splitter';
import type { ByteSpan } from './match-preview';

/**
 * Reads a ripgrep `--json` record too long to hold (a match on a line of
 * many megabytes) as it streams by, keeping only what a match row needs:
 * its line number, the head of its line and its first submatch. Memory stays
 * at the kept head, whatever the record's size.
 *
 * It keeps a skeleton of the record: the structure and the object keys, with
 * every string value emptied (`"lines":{"text":""},"line_number":7,…`), so
 * the fields are found by plain text search with no string content in the
 * way. The `lines` value's head is kept aside, still JSON-escaped (or base64).
 */
export interface OversizedMatch {
  lineNumber: number;
  kind: 'text' | 'bytes';
  /** The first bytes of the `lines` value as they sit in the JSON (escaped, or base64). */
  lineHead: Buffer;
  firstSubmatch: ByteSpan | undefined;
}

/** Enough skeleton for the fields before the submatches and the first submatch. */
const SKELETON_BYTES = 4096;
/** Object keys are short; a longer string is a value either way. */
const KEY_BYTES = 64;

const LINE_NUMBER = /"line_number":(\d+)/;
const FIRST_SUBMATCH = /"submatches":\[\{"match":\{"(?:text|bytes)":""\},"start":(\d+),"end":(\d+)\}/;
const LINES_VALUE = /"lines":\{"(text|bytes)":$/;

export class OversizedMatchScanner implements OversizedRecordSink {
  private skeleton = '';
  private inString = false;
  private escaped = false;
  /** The string just closed, until the next byte says whether it was a key. */
  private closedString: string | undefined;
  private stringBytes: number[] = [];
  private stringLength = 0;
  private collectingLine = false;
  private lineKind: 'text' | 'bytes' = 'text';
  private recordType = '';
  private linePieces: Buffer[] = [];
  private lineLength = 0;

  constructor(
    /** Bytes of the line's head to keep. */
    private readonly lineHeadBytes: number,
    /** Called per oversized match record; undefined when its line number could not be read. */
    private readonly onMatch: (match: OversizedMatch | undefined) => void,
  ) {}

  begin(): void {
    this.skeleton = '';
    this.inString = false;
    this.escaped = false;
    this.closedString = undefined;
    this.stringBytes = [];
    this.stringLength = 0;
    this.collectingLine = false;
    this.lineKind = 'text';
    this.recordType = '';
    this.linePieces = [];
    this.lineLength = 0;
  }

  push(buffer: Buffer, start: number, end: number): void {
    let index = start;
    while (index < end) {
      if (this.inString) {
        index = this.scanString(buffer, index, end);
        continue;
      }
      if (this.skeleton.length >= SKELETON_BYTES) return;
      const byte = buffer[index]!;
      index += 1;
      if (this.closedString !== undefined) {
        // A key is followed by `:`; a value's content stays out of the skeleton (but the record's type is noted).
        if (byte !== 0x3a && this.skeleton === '{"type":') this.recordType = this.closedString;
        this.skeleton += byte === 0x3a ? `"${this.closedString}"` : '""';
        this.closedString = undefined;
      }
      if (byte === 0x22) {
        this.openString();
        continue;
      }
      this.skeleton += String.fromCharCode(byte);
    }
  }

  end(): void {
    if (this.closedString !== undefined) this.skeleton += '""';
    // ripgrep writes the type first in every record that can be long; only matches matter.
    if (this.recordType !== 'match') return;
    const lineNumber = LINE_NUMBER.exec(this.skeleton);
    if (lineNumber === null || !this.skeleton.includes('"lines":{')) {
      this.onMatch(undefined);
      return;
    }
    const submatch = FIRST_SUBMATCH.exec(this.skeleton);
    const match: OversizedMatch = {
      lineNumber: Number(lineNumber[1]),
      kind: this.lineKind,
      lineHead: Buffer.concat(this.linePieces, this.lineLength),
      firstSubmatch: submatch === null ? undefined : { start: Number(submatch[1]), end: Number(submatch[2]) },
    };
    this.linePieces = [];
    this.onMatch(match);
  }

  private openString(): void {
    this.inString = true;
    this.escaped = false;
    this.stringBytes = [];
    this.stringLength = 0;
    const lines = LINES_VALUE.exec(this.skeleton);
    this.collectingLine = lines !== null && this.lineLength === 0;
    if (lines !== null) this.lineKind = lines[1] === 'bytes' ? 'bytes' : 'text';
  }

  /** Consumes string bytes from `index`; returns where it stopped (after the closing quote, or `end`). */
  private scanString(buffer: Buffer, index: number, end: number): number {
    let at = index;
    // Quotes and backslashes are found natively; each search result is reused until passed.
    let quote = -2;
    let backslash = -2;
    while (at < end) {
      if (this.escaped) {
        this.escaped = false;
        this.keepStringBytes(buffer, at, at + 1);
        at += 1;
        continue;
      }
      if (quote !== -1 && quote < at) quote = boundedIndexOf(buffer, 0x22, at, end);
      if (backslash !== -1 && backslash < at) backslash = boundedIndexOf(buffer, 0x5c, at, end);
      const stopAt = quote === -1 ? end : quote;
      if (backslash !== -1 && backslash < stopAt) {
        this.keepStringBytes(buffer, at, backslash + 1);
        this.escaped = true;
        at = backslash + 1;
        continue;
      }
      this.keepStringBytes(buffer, at, stopAt);
      if (stopAt === end) return end;
      this.closeString();
      return stopAt + 1;
    }
    return at;
  }

  private keepStringBytes(buffer: Buffer, from: number, to: number): void {
    if (to <= from) return;
    if (this.collectingLine) {
      const take = Math.min(to - from, this.lineHeadBytes - this.lineLength);
      if (take > 0) {
        this.linePieces.push(Buffer.from(buffer.subarray(from, from + take)));
        this.lineLength += take;
      }
      return;
    }
    for (let at = from; at < to && this.stringLength < KEY_BYTES; at += 1) {
      this.stringBytes.push(buffer[at]!);
      this.stringLength += 1;
    }
  }

  private closeString(): void {
    this.inString = false;
    this.closedString = this.collectingLine ? '' : String.fromCharCode(...this.stringBytes);
    this.collectingLine = false;
  }
}

/** `indexOf` limited to `[from, end)`; -1 when absent there. */
function boundedIndexOf(buffer: Buffer, byte: number, from: number, end: number): number {
  const found = buffer.indexOf(byte, from);
  return found === -1 || found >= end ? -1 : found;
}
