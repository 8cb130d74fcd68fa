import { assertNever } from '@toolcards/protocol';
import { unescapeJsonBytes } from '../json-string-bytes';
import type { OversizedRecordSink } from '../ripgrep/record-splitter';
import { SpillBytes } from '../spill-bytes';
import { grepFileHeader, grepMatchLine } from './grep-render';
import type { GrepMatch } from './grep-retain';
import { comparePaths } from './path-order';
import {
  previewBytesLine,
  previewTextLine,
  previewUtf8Line,
  withoutLineEndBytes,
  type ByteSpan,
  type LinePreview,
} from './match-preview';
import { OversizedMatchScanner, type OversizedMatch } from './oversized-match';
import {
  parseRgMatch,
  rgBeginPath,
  rgBeginPathJsonLength,
  rgDataBytes,
  rgDataText,
  rgFirstSubmatch,
  rgLineNumberAfterLine,
  rgLineValueStart,
  rgRecordType,
  rgSliceLine,
  sliceRgMatch,
  type RgData,
  type RgMatchSlice,
} from './rg-json-record';

export interface GrepCollectorOptions {
  maxMatches: number;
  previewBytes: number;
  /** ripgrep's path as people see it (workspace-relative, `/`). */
  showPath(rgPath: string): string;
  /** False for a file that does not really lie in the workspace (a folder swapped for a symlink mid-walk): its matches are dropped. */
  reports?(rgPath: Buffer): boolean;
  /**
   * Receives the full result as UTF-8 text once the cap is exceeded: first
   * the retained matches, then each later one as it streams, in 64 KiB
   * batches. Absent: nothing is spilled, and later matches are only counted.
   */
  spill?: (batch: Buffer) => void;
}

export interface GrepCollected {
  /** The first `maxMatches` matches by path, then line (not by arrival: ripgrep searches files in parallel), previews cut. */
  matches: GrepMatch[];
  /** Every match record seen. */
  total: number;
  /** ripgrep wrote its summary: the search ran (an exit 2 then means unreadable files, not a bad pattern). */
  searched: boolean;
  /** Matches dropped because their file led outside the workspace. */
  outside: number;
  /** Matches on lines too long to hold whole (previewed from the line's head). */
  longLines: number;
  /** The file ripgrep began reporting and never ended (shown path): where it stopped, when it flushed each record. */
  unfinishedFile: string | undefined;
}

/** JSON bytes of a very long line's head kept to preview it: a match within it is shown, a later one is not. */
const LONG_LINE_HEAD_BYTES = 256 * 1024;

/**
 * Consumes ripgrep `--json` records as they stream. Every match is counted
 * from its first bytes; only the retained ones are parsed in full. Retained
 * are the first `maxMatches` in path order, whatever order ripgrep's threads
 * report files in, so the same search always shows the same matches: past the
 * cap, a file that sorts before the last retained match displaces matches from
 * the end. The spill keeps every match, in the order they arrived. A spilled
 * match is located by a few byte comparisons and, unless its line needs
 * cutting, unescaped straight into the spill's bytes: no string, no parse.
 */
export class GrepCollector {
  /** In arrival order up to the cap; from then on in path order, bounded at the cap. */
  private readonly matches: GrepMatch[] = [];
  private inPathOrder = false;
  private total = 0;
  private searched = false;
  private outside = 0;
  private longLines = 0;
  /** The current file (from its begin record) may be shown. */
  private currentReported = true;
  private currentPath = '';
  private currentPathJsonLength = -1;
  private unfinishedFile: string | undefined;
  private spilledPath: string | undefined;
  private readonly spill: SpillBytes | undefined;
  private readonly slice: RgMatchSlice = { lineNumber: 0, kind: 'text', valueStart: 0, valueEnd: 0, restStart: 0 };

  constructor(private readonly options: GrepCollectorOptions) {
    this.spill = options.spill === undefined ? undefined : new SpillBytes(options.spill);
  }

  record(buffer: Buffer, start: number, end: number): void {
    const type = rgRecordType(buffer, start, end);
    switch (type) {
      case 'match':
        this.match(buffer, start, end);
        return;
      case 'begin': {
        // One per file, and every match of the file follows it: the place to check where the file really is.
        const path = rgBeginPath(buffer, start, end);
        const { reports } = this.options;
        this.currentReported = path === undefined || reports === undefined || reports(rgDataBytes(path));
        if (path !== undefined) this.currentPath = this.options.showPath(rgDataText(path));
        this.currentPathJsonLength = rgBeginPathJsonLength(buffer, start, end);
        this.unfinishedFile = path !== undefined && this.currentReported ? this.currentPath : undefined;
        return;
      }
      case 'summary':
        this.searched = true;
        return;
      case 'end':
        this.unfinishedFile = undefined;
        return;
      case 'other':
        return;
      default:
        assertNever(type, 'ripgrep record type');
    }
  }

  /** Where the runner streams records too long to hold: a match on a line of many megabytes. */
  readonly oversized: OversizedRecordSink = new OversizedMatchScanner(LONG_LINE_HEAD_BYTES, (match) => this.longLineMatch(match));

  /** Call once the stream ended: hands over the last spill batch. */
  result(): GrepCollected {
    this.spill?.flush();
    if (!this.inPathOrder) this.matches.sort(byPathThenLine);
    return {
      matches: this.matches,
      total: this.total,
      searched: this.searched,
      outside: this.outside,
      longLines: this.longLines,
      unfinishedFile: this.unfinishedFile,
    };
  }

  /** A match whose record was too long to hold: shown from the head of its line, centred on its match when the head holds it. */
  private longLineMatch(match: OversizedMatch | undefined): void {
    if (!this.currentReported) {
      this.outside += 1;
      return;
    }
    this.total += 1;
    this.longLines += 1;
    this.passCapOnce();
    if (match === undefined) return;
    const retained = this.total <= this.options.maxMatches || this.sortsBeforeLastRetained(this.currentPath);
    const spilled = this.total > this.options.maxMatches && this.spill !== undefined;
    if (!retained && !spilled) return;
    const { previewBytes } = this.options;
    let preview: LinePreview;
    if (match.kind === 'text') {
      const target = Buffer.allocUnsafe(match.lineHead.length);
      const written = unescapeJsonBytes(match.lineHead, 0, match.lineHead.length, target, 0, match.lineHead.length).written;
      const bytes = target.subarray(0, Math.max(0, written));
      const first = match.firstSubmatch;
      preview = previewUtf8Line(bytes, first !== undefined && first.end <= bytes.length ? [first] : [], previewBytes);
    } else {
      const whole = match.lineHead.length - (match.lineHead.length % 4);
      preview = previewBytesLine(Buffer.from(match.lineHead.toString('latin1', 0, whole), 'base64'), previewBytes);
    }
    if (retained) {
      this.retain({
        path: this.currentPath,
        lineNumber: match.lineNumber,
        line: preview.line,
        ...(preview.ranges.length > 0 ? { ranges: preview.ranges } : {}),
      });
    }
    if (spilled) this.spillLine(this.currentPath, match.lineNumber, preview.line);
  }

  /**
   * The first match past the cap: the retained ones go in the spill first (as
   * they arrived, so each file keeps one header), then into path order.
   */
  private passCapOnce(): void {
    if (this.inPathOrder || this.total <= this.options.maxMatches) return;
    if (this.spill !== undefined) for (const match of this.matches) this.spillLine(match.path, match.lineNumber, match.line);
    this.matches.sort(byPathThenLine);
    this.inPathOrder = true;
  }

  /** Past the cap, only a file that sorts before the last retained match can still be shown. */
  private sortsBeforeLastRetained(path: string): boolean {
    const last = this.matches.at(-1);
    return last !== undefined && comparePaths(path, last.path) < 0;
  }

  /** Keeps a match: appended up to the cap, then put in its place and the last one dropped. */
  private retain(match: GrepMatch): void {
    if (!this.inPathOrder) {
      this.matches.push(match);
      return;
    }
    let low = 0;
    let high = this.matches.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (byPathThenLine(this.matches[middle]!, match) <= 0) low = middle + 1;
      else high = middle;
    }
    this.matches.splice(low, 0, match);
    if (this.matches.length > this.options.maxMatches) this.matches.pop();
  }

  private match(buffer: Buffer, start: number, end: number): void {
    if (!this.currentReported) {
      this.outside += 1;
      return;
    }
    this.total += 1;
    this.passCapOnce();
    if (this.total <= this.options.maxMatches || this.sortsBeforeLastRetained(this.currentPath)) {
      const retained = this.parseInFull(buffer.toString('utf8', start, end));
      if (retained !== undefined) this.retain(retained);
    }
    if (this.total <= this.options.maxMatches || this.spill === undefined) return;
    this.spillRecord(buffer, start, end);
  }

  private parseInFull(json: string): GrepMatch | undefined {
    const match = parseRgMatch(json);
    if (match === undefined) return undefined;
    const preview = this.preview(match.line, match.submatches);
    return {
      path: this.options.showPath(rgDataText(match.path)),
      lineNumber: match.lineNumber,
      line: preview.line,
      ...(preview.ranges.length > 0 ? { ranges: preview.ranges } : {}),
    };
  }

  private spillRecord(buffer: Buffer, start: number, end: number): void {
    const value = rgLineValueStart(buffer, start, end, this.currentPathJsonLength);
    if (value?.kind === 'text' && this.spillWhole(buffer, value.valueStart, end)) return;
    const slice = sliceRgMatch(buffer, start, end, this.currentPathJsonLength, this.slice);
    if (slice === undefined) {
      const full = this.parseInFull(buffer.toString('utf8', start, end));
      if (full !== undefined) this.spillLine(full.path, full.lineNumber, full.line);
      return;
    }
    // A long or non-UTF-8 line. Only a match beyond the budget moves the preview window; otherwise the head shows.
    const { previewBytes } = this.options;
    const first = slice.valueEnd - slice.valueStart > previewBytes ? rgFirstSubmatch(buffer, slice, end) : undefined;
    const centreOn = first !== undefined && first.end > previewBytes ? [first] : [];
    const bytes = rgSliceLine(buffer, slice, (centreOn[0]?.start ?? 0) + previewBytes + 4);
    if (bytes === undefined) return;
    const preview =
      slice.kind === 'text'
        ? previewUtf8Line(withoutLineEndBytes(bytes), centreOn, previewBytes)
        : previewBytesLine(bytes, previewBytes);
    this.spillLine(this.currentPath, slice.lineNumber, preview.line);
  }

  /**
   * The common case, with no string built: a line within the preview budget
   * is unescaped straight into the spill in one pass. False when it is longer.
   */
  private spillWhole(buffer: Buffer, valueStart: number, end: number): boolean {
    const spill = this.spill!;
    const { previewBytes } = this.options;
    if (this.currentPath === this.spilledPath) {
      return spill.jsonMatchLine(buffer, valueStart, end, previewBytes, rgLineNumberAfterLine);
    }
    // A new file: its header goes in only with its first line (one batch holds both, so a rollback is exact).
    const header = this.headerText(this.currentPath);
    spill.reserve(header.length * 3 + previewBytes + 64);
    const mark = spill.mark();
    spill.text(header);
    if (!spill.jsonMatchLine(buffer, valueStart, end, previewBytes, rgLineNumberAfterLine)) {
      spill.rollBack(mark);
      return false;
    }
    this.spilledPath = this.currentPath;
    return true;
  }

  private preview(line: RgData, submatches: readonly ByteSpan[]): LinePreview {
    const { previewBytes } = this.options;
    return line.kind === 'text' ? previewTextLine(line.text, submatches, previewBytes) : previewBytesLine(line.bytes, previewBytes);
  }

  private headerText(path: string): string {
    return `${this.spilledPath === undefined ? '' : '\n'}${grepFileHeader(path)}\n`;
  }

  private spillLine(path: string, lineNumber: number, line: string): void {
    if (path !== this.spilledPath) {
      this.spill!.text(this.headerText(path));
      this.spilledPath = path;
    }
    this.spill!.text(`${grepMatchLine(lineNumber, line)}\n`);
  }
}

function byPathThenLine(a: GrepMatch, b: GrepMatch): number {
  return comparePaths(a.path, b.path) || a.lineNumber - b.lineNumber;
}
