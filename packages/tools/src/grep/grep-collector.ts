import { SpillBytes } from '../spill-bytes';
import { grepFileHeader, grepMatchLine } from './grep-render';
import type { GrepMatch } from './grep-retain';
import {
  previewBytesLine,
  previewTextLine,
  previewUtf8Line,
  withoutLineEndBytes,
  type ByteSpan,
  type LinePreview,
} from './match-preview';
import {
  escapedLineEnd,
  parseRgBegin,
  parseRgMatch,
  rgBeginPathJsonLength,
  rgDataText,
  rgFirstSubmatch,
  rgRecordType,
  rgSliceLine,
  sliceRgMatch,
  type RgData,
} from './rg-json-record';

export interface GrepCollectorOptions {
  maxMatches: number;
  previewBytes: number;
  /** ripgrep's path as people see it (workspace-relative, `/`). */
  showPath(rgPath: string): string;
  /**
   * Receives the full result as UTF-8 text once the cap is exceeded: first
   * the retained matches, then each later one as it streams, in 64 KiB
   * batches. Absent: nothing is spilled, and later matches are only counted.
   */
  spill?: (batch: Buffer) => void;
}

export interface GrepCollected {
  /** The first `maxMatches` matches, previews cut. */
  matches: GrepMatch[];
  /** Every match record seen. */
  total: number;
  /** ripgrep wrote its summary: the search ran (an exit 2 then means unreadable files, not a bad pattern). */
  searched: boolean;
}

const BACKSLASH = 0x5c;

/**
 * Consumes ripgrep `--json` records as they stream. Every match is counted
 * from its first bytes; only the retained ones are parsed in full. A spilled
 * match is located by a few byte searches and, when its line needs neither
 * unescaping nor cutting, copied into the spill as bytes.
 */
export class GrepCollector {
  private readonly matches: GrepMatch[] = [];
  private total = 0;
  private searched = false;
  private currentPath = '';
  private currentPathJsonLength = -1;
  private spilledPath: string | undefined;
  private readonly spill: SpillBytes | undefined;

  constructor(private readonly options: GrepCollectorOptions) {
    this.spill = options.spill === undefined ? undefined : new SpillBytes(options.spill);
  }

  record(buffer: Buffer, start: number, end: number): void {
    switch (rgRecordType(buffer, start, end)) {
      case 'match':
        this.match(buffer, start, end);
        return;
      case 'begin':
        // Only spilled matches need it, and begin records are one per file: cheap.
        if (this.spill !== undefined) {
          const path = parseRgBegin(buffer.toString('utf8', start, end));
          if (path !== undefined) this.currentPath = this.options.showPath(rgDataText(path));
          this.currentPathJsonLength = rgBeginPathJsonLength(buffer, start, end);
        }
        return;
      case 'summary':
        this.searched = true;
        return;
      case 'end':
      case 'other':
        return;
    }
  }

  /** Call once the stream ended: hands over the last spill batch. */
  result(): GrepCollected {
    this.spill?.flush();
    return { matches: this.matches, total: this.total, searched: this.searched };
  }

  private match(buffer: Buffer, start: number, end: number): void {
    this.total += 1;
    if (this.total <= this.options.maxMatches) {
      const retained = this.parseInFull(buffer.toString('utf8', start, end));
      if (retained !== undefined) this.matches.push(retained);
      return;
    }
    if (this.spill === undefined) return;
    if (this.total === this.options.maxMatches + 1) {
      for (const match of this.matches) this.spillLine(match.path, match.lineNumber, match.line);
    }
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
    const slice = sliceRgMatch(buffer, start, end, this.currentPathJsonLength);
    if (slice === undefined) {
      const full = this.parseInFull(buffer.toString('utf8', start, end));
      if (full !== undefined) this.spillLine(full.path, full.lineNumber, full.line);
      return;
    }
    if (slice.kind === 'text' && this.spillWhole(buffer, slice.valueStart, escapedLineEnd(buffer, slice.valueStart, slice.valueEnd), slice.lineNumber)) {
      return;
    }
    // Only a match beyond the budget moves the preview window; otherwise the head of the line is shown.
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
   * The common case, with no string built: an escaped line within the budget
   * is within it unescaped too, so it is unescaped straight into the spill.
   */
  private spillWhole(buffer: Buffer, valueStart: number, lineEnd: number, lineNumber: number): boolean {
    if (lineEnd - valueStart > this.options.previewBytes) return false;
    const spill = this.spill!;
    const header = this.currentPath === this.spilledPath ? '' : this.headerText(this.currentPath);
    spill.reserve(header.length * 3 + 32 + (lineEnd - valueStart) + 1); // so a rollback stays in one batch
    const mark = spill.mark();
    if (header !== '') spill.text(header);
    spill.lineLabel(lineNumber);
    if (!spill.jsonStringBody(buffer, valueStart, lineEnd)) {
      spill.rollBack(mark);
      return false;
    }
    spill.newline();
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
