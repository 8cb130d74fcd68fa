import { createReadStream } from 'node:fs';

/** One line of a log file, with where it sits in bytes (a writer truncates a torn tail by offset). */
export interface LogLine {
  /** 1-based. */
  number: number;
  text: string;
  /** Byte offset of the line's first byte. */
  start: number;
  /** Byte offset just past the line, newline included when present. */
  end: number;
  /** False only for a last line with no newline after it: possibly torn by a crash mid-write. */
  terminated: boolean;
}

const NEWLINE = 0x0a;

/**
 * The reader and whoever consumes its lines run at most about this long between two turns of
 * the event loop. A file chunk is hundreds of lines, and the for-await between them yields only
 * to microtasks: a replay that computes views per line held the server for 50–100 ms a chunk,
 * and the page's own files and requests waited behind it.
 */
const SLICE_MS = 8;
/** Lines between two looks at the clock (reading it per line was a tenth of a replay's time). */
const LINES_PER_CLOCK_READ = 32;

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Splits a file into lines on `\n` without decoding more than one line at a time,
 * so a large log streams in constant memory (plus its longest line). `from` starts the
 * read at a byte offset that begins a line (line numbers then count from there).
 */
export async function* readLogLines(path: string, from = 0): AsyncGenerator<LogLine> {
  let carry: Buffer[] = [];
  let carryBytes = 0;
  let offset = from; // byte offset of the start of the carried line
  let number = 0;
  let sliceStart = performance.now();
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024, start: from }) as AsyncIterable<Buffer>) {
    let from = 0;
    for (let at = chunk.indexOf(NEWLINE, from); at !== -1; at = chunk.indexOf(NEWLINE, from)) {
      const piece = chunk.subarray(from, at);
      const bytes = carryBytes === 0 ? piece : Buffer.concat([...carry, piece]);
      const length = bytes.length + 1;
      number += 1;
      if (number % LINES_PER_CLOCK_READ === 0 && performance.now() - sliceStart > SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
      yield { number, text: bytes.toString('utf8'), start: offset, end: offset + length, terminated: true };
      offset += length;
      carry = [];
      carryBytes = 0;
      from = at + 1;
    }
    if (from < chunk.length) {
      const rest = chunk.subarray(from);
      carry.push(rest);
      carryBytes += rest.length;
    }
  }
  if (carryBytes > 0) {
    number += 1;
    const bytes = Buffer.concat(carry);
    yield { number, text: bytes.toString('utf8'), start: offset, end: offset + bytes.length, terminated: false };
  }
}
