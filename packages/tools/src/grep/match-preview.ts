import type { MatchRange } from '@toolcards/protocol';
import { withoutIncompleteTail } from '../utf8-cut';

/** A submatch as ripgrep reports it: byte offsets into the line's UTF-8. */
export interface ByteSpan {
  start: number;
  end: number;
}

/** A line as delivered to the model and the card, with its matches in UTF-16 units of `line`. */
export interface LinePreview {
  line: string;
  ranges: MatchRange[];
}

/** Starts a preview that skipped the head of a long line to show its match. */
export const LEADING_CUT_MARKER = '…';

export function trailingCutMarker(previewBytes: number): string {
  return `… [line cut at ${previewBytes} bytes]`;
}

/** Starts a line that is not UTF-8 (shown with replacement characters, no match ranges). */
export const NOT_UTF8_MARKER = '[not UTF-8] ';

/**
 * A match line cut to `previewBytes` of UTF-8 on a character boundary. The
 * window starts at the line's head, unless the first match ends beyond the
 * budget: then it starts a little before that match, so the preview shows it.
 * Byte offsets become `[start, end)` UTF-16 ranges of the delivered line.
 */
export function previewTextLine(rawLine: string, submatches: readonly ByteSpan[], previewBytes: number): LinePreview {
  const text = withoutLineEnd(rawLine);
  // A UTF-16 unit is at most 3 UTF-8 bytes: a line this short fits whole.
  if (submatches.length === 0 && text.length * 3 <= previewBytes) return { line: text, ranges: [] };
  return previewUtf8Line(Buffer.from(text, 'utf8'), submatches, previewBytes);
}

/** The same cut on the line's UTF-8 bytes (no terminator): the window is found natively, not char by char. */
export function previewUtf8Line(bytes: Buffer, submatches: readonly ByteSpan[], previewBytes: number): LinePreview {
  const first = submatches[0];
  const wanted = first !== undefined && first.end > previewBytes ? first.start - Math.floor(previewBytes / 4) : 0;
  const start = boundaryAtOrAfter(bytes, Math.max(0, wanted));
  const cut = bytes.length - start > previewBytes;
  const end = cut ? boundaryAtOrBefore(bytes, start + previewBytes, start) : bytes.length;

  const lead = start > 0 ? LEADING_CUT_MARKER : '';
  const line = lead + bytes.toString('utf8', start, end) + (cut ? trailingCutMarker(previewBytes) : '');
  const ranges: MatchRange[] = [];
  // Offsets ascend, so each conversion decodes only the gap since the previous one.
  let atByte = start;
  let atUnit = lead.length;
  const unitsAt = (offset: number): number => {
    const target = boundaryAtOrAfter(bytes, Math.min(Math.max(offset, start), end));
    if (target < atByte) {
      atByte = start;
      atUnit = lead.length;
    }
    atUnit += bytes.toString('utf8', atByte, target).length;
    atByte = target;
    return atUnit;
  };
  for (const span of submatches) {
    const visible = span.start === span.end ? span.start >= start && span.start <= end : span.end > start && span.start < end;
    if (!visible) continue;
    const from = unitsAt(span.start);
    ranges.push([from, Math.max(from, unitsAt(span.end))]);
  }
  return { line, ranges };
}

/** A line ripgrep delivered as raw bytes (not UTF-8): shown lossily behind a marker, without ranges. */
export function previewBytesLine(rawLine: Buffer, previewBytes: number): LinePreview {
  const line = withoutLineEndBytes(rawLine);
  const cut = line.length > previewBytes;
  const bytes = cut ? withoutIncompleteTail(line.subarray(0, previewBytes)) : line;
  return { line: NOT_UTF8_MARKER + bytes.toString('utf8') + (cut ? trailingCutMarker(previewBytes) : ''), ranges: [] };
}

/** ripgrep's line keeps its terminator; the preview does not. */
export function withoutLineEndBytes(line: Buffer): Buffer {
  let end = line.length;
  if (end > 0 && line[end - 1] === 0x0a) end -= 1;
  if (end > 0 && line[end - 1] === 0x0d) end -= 1;
  return end === line.length ? line : line.subarray(0, end);
}

export function withoutLineEnd(line: string): string {
  let end = line.length;
  if (end > 0 && line.charCodeAt(end - 1) === 0x0a) end -= 1;
  if (end > 0 && line.charCodeAt(end - 1) === 0x0d) end -= 1;
  return end === line.length ? line : line.slice(0, end);
}

function isContinuation(bytes: Buffer, at: number): boolean {
  return at < bytes.length && (bytes[at]! & 0xc0) === 0x80;
}

function boundaryAtOrAfter(bytes: Buffer, at: number): number {
  let index = at;
  while (isContinuation(bytes, index)) index += 1;
  return index;
}

function boundaryAtOrBefore(bytes: Buffer, at: number, floor: number): number {
  let index = at;
  while (index > floor && isContinuation(bytes, index)) index -= 1;
  return index;
}
