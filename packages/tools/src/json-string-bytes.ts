/**
 * JSON string bodies (the bytes between the quotes) unescaped byte by byte:
 * ripgrep's output is JSON, and building a JS string per spilled line costs
 * more than the search. serde_json escapes only `"`, `\` and control
 * characters; UTF-8 passes through, so unescaping never grows a body.
 */

/** Byte each one-letter JSON escape stands for, by the letter; -1 elsewhere. */
const SIMPLE_ESCAPES: Int16Array = (() => {
  const table = new Int16Array(128).fill(-1);
  const pairs: [string, number][] = [['"', 0x22], ['\\', 0x5c], ['/', 0x2f], ['b', 0x08], ['f', 0x0c], ['n', 0x0a], ['r', 0x0d], ['t', 0x09]];
  for (const [letter, byte] of pairs) table[letter.charCodeAt(0)] = byte;
  return table;
})();

/** What `unescapeJsonBytes` did: where writing and reading stopped. */
export interface Unescaped {
  /** The position in `target` after the last byte written, or -1 for an escape JSON does not define. */
  written: number;
  /** Where reading `source` stopped (at the closing quote, with `atQuote`). */
  stoppedAt: number;
}

/**
 * Unescapes `source[start, end)` into `target` from `at`, stopping once
 * `limit` bytes are written (the rest is not needed), at the body's end, or —
 * with `atQuote` — at the first unescaped `"` (the string's closing quote);
 * an escape cut off by `end` ends the body (a surrogate pair is one escape
 * there), so a cut body decodes to a head of the whole. `target` must hold
 * `min(end - start, limit + 3)` bytes from `at`.
 */
export function unescapeJsonBytes(
  source: Buffer,
  start: number,
  end: number,
  target: Buffer,
  at: number,
  limit: number,
  atQuote = false,
): Unescaped {
  const stopAt = at + limit;
  let out = at;
  let index = start;
  while (index < end && out < stopAt) {
    const byte = source[index]!;
    if (byte !== 0x5c) {
      if (byte === 0x22 && atQuote) break;
      target[out++] = byte;
      index += 1;
      continue;
    }
    if (index + 1 >= end) break;
    const letter = source[index + 1]!;
    const simple = letter < 128 ? SIMPLE_ESCAPES[letter]! : -1;
    if (simple >= 0) {
      target[out++] = simple;
      index += 2;
      continue;
    }
    if (letter !== 0x75) return { written: -1, stoppedAt: index }; // only \uXXXX is left
    if (index + 6 > end) break;
    let code = hex4(source, index + 2);
    if (code < 0) return { written: -1, stoppedAt: index };
    index += 6;
    if (code >= 0xd800 && code <= 0xdbff) {
      if (index + 6 <= end && source[index] === 0x5c && source[index + 1] === 0x75) {
        const low = hex4(source, index + 2);
        if (low >= 0xdc00 && low <= 0xdfff) {
          code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
          index += 6;
        }
      } else if (index < end && index + 6 > end && source[index] === 0x5c && (index + 1 === end || source[index + 1] === 0x75)) {
        // Its low half may be the escape cut off by `end`: the pair is one escape, cut off with it.
        index -= 6;
        break;
      }
    }
    out = writeCodePoint(target, out, code);
  }
  return { written: out, stoppedAt: index };
}

function hex4(source: Buffer, at: number): number {
  let value = 0;
  for (let index = at; index < at + 4; index += 1) {
    const byte = source[index]!;
    const digit =
      byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : byte >= 0x61 && byte <= 0x66 ? byte - 0x57 : byte >= 0x41 && byte <= 0x46 ? byte - 0x37 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/** UTF-8 of one code point; a lone surrogate becomes U+FFFD, as a decoder would show it. */
function writeCodePoint(target: Buffer, at: number, codePoint: number): number {
  const code = codePoint >= 0xd800 && codePoint <= 0xdfff ? 0xfffd : codePoint;
  if (code < 0x80) {
    target[at] = code;
    return at + 1;
  }
  if (code < 0x800) {
    target[at] = 0xc0 | (code >> 6);
    target[at + 1] = 0x80 | (code & 0x3f);
    return at + 2;
  }
  if (code < 0x10000) {
    target[at] = 0xe0 | (code >> 12);
    target[at + 1] = 0x80 | ((code >> 6) & 0x3f);
    target[at + 2] = 0x80 | (code & 0x3f);
    return at + 3;
  }
  target[at] = 0xf0 | (code >> 18);
  target[at + 1] = 0x80 | ((code >> 12) & 0x3f);
  target[at + 2] = 0x80 | ((code >> 6) & 0x3f);
  target[at + 3] = 0x80 | (code & 0x3f);
  return at + 4;
}
