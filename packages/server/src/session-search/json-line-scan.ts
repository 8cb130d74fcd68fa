// Walking a logged JSON line as bytes: its strings and their escape sequences, without
// parsing it whole (a line can hold megabytes of text).

export const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LETTER_U = 0x75;

/** The quote that ends a JSON string whose content starts at `from`: the first one not escaped. */
export function closingQuote(line: Buffer, from: number): number {
  let at = from;
  for (;;) {
    const quote = line.indexOf(QUOTE, at);
    if (quote === -1) return -1;
    let backslashes = 0;
    while (line[quote - 1 - backslashes] === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
    at = quote + 1;
  }
}

/**
 * Each offset (in increasing order) of one JSON string's content moved to the start or the
 * end of the escape sequence (`\n`, `\"`, `\u00e9`) it falls inside, so decoding never
 * starts or stops halfway through one. One walk from the content's start, jumping from
 * backslash to backslash: at a sequence's end the next backslash always starts the next.
 */
export function alignedToEscapes(line: Buffer, contentStart: number, offsets: readonly { offset: number; to: 'start' | 'end' }[]): number[] {
  let tokenStart = -1;
  let tokenEnd = contentStart;
  return offsets.map(({ offset, to }) => {
    while (tokenEnd <= offset) {
      const backslash = line.indexOf(BACKSLASH, tokenEnd);
      if (backslash === -1 || backslash >= offset) return offset;
      tokenStart = backslash;
      tokenEnd = backslash + (line[backslash + 1] === LETTER_U ? 6 : 2);
    }
    if (offset <= tokenStart || offset >= tokenEnd) return offset;
    switch (to) {
      case 'start':
        return tokenStart;
      case 'end':
        return tokenEnd;
    }
  });
}

/** `at` moved forward to the first byte of a UTF-8 character (never below `floor`). */
export function charStart(line: Buffer, at: number, floor: number): number {
  let offset = Math.max(at, floor);
  while (offset < line.length && (line[offset]! & 0xc0) === 0x80) offset += 1;
  return offset;
}

/** `at` moved back to the end of a whole UTF-8 character (never below `floor`). */
export function charEnd(line: Buffer, at: number, floor: number): number {
  let offset = at;
  while (offset > floor && (line[offset]! & 0xc0) === 0x80) offset -= 1;
  return offset;
}

/** The characters a run of a JSON string's raw content stands for. Throws on malformed JSON. */
export function decodeJsonChars(line: Buffer, from: number, to: number): string {
  if (to <= from) return '';
  return JSON.parse(`"${line.toString('utf8', from, to)}"`) as string;
}

/**
 * `end` of a string's content, moved back to the start of an escape sequence the end cuts
 * through (never below `floor`). Only the last few bytes are read: the backslash nearest
 * before `end` starts a sequence when an odd run of backslashes ends with it.
 */
export function wholeEscapesBefore(line: Buffer, end: number, floor: number): number {
  for (let at = end - 1; at >= Math.max(floor, end - 5); at -= 1) {
    if (line[at] !== BACKSLASH) continue;
    let run = 1;
    while (at - run >= floor && line[at - run] === BACKSLASH) run += 1;
    if (run % 2 === 0) return end;
    return at + (line[at + 1] === LETTER_U ? 6 : 2) > end ? at : end;
  }
  return end;
}
