import { alignedToEscapes, charEnd, closingQuote, QUOTE } from './json-line-scan';

/** A line up to this long is parsed as it is. */
const PARSED_WHOLE_BYTES = 64 * 1024;
/** Bytes of a longer line's string values kept: enough for any label and a first line of text. */
const KEPT_STRING_BYTES = 1024;

/**
 * A logged JSON line with every long string value cut to its first KEPT_STRING_BYTES bytes
 * (at the edge of a character and of an escape sequence, so it stays valid JSON): what a
 * hit's label needs (type, seq, callId, a call's path or pattern, a result's meta) parses
 * in a moment, though the event holds megabytes of text. Pure; one walk over the line.
 */
export function eventSkeleton(line: Buffer): Buffer {
  if (line.length <= PARSED_WHOLE_BYTES) return line;
  const parts: Buffer[] = [];
  let copied = 0;
  let from = 0;
  for (;;) {
    const open = line.indexOf(QUOTE, from);
    if (open === -1) break;
    const close = closingQuote(line, open + 1);
    if (close === -1) break;
    if (close - (open + 1) > KEPT_STRING_BYTES) {
      const [cut] = alignedToEscapes(line, open + 1, [{ offset: open + 1 + KEPT_STRING_BYTES, to: 'start' }]) as [number];
      parts.push(line.subarray(copied, charEnd(line, cut, open + 1)));
      copied = close;
    }
    from = close + 1;
  }
  parts.push(line.subarray(copied));
  return Buffer.concat(parts);
}
