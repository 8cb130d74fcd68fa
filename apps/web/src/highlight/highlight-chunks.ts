/**
 * Rows a read card's viewport shows at once (448 px / 20 px rows ≈ 22), and a couple more:
 * the first chunk, so the rows on screen get colours before the rest is tokenized.
 */
export const FIRST_CHUNK_LINES = 25;

/** Lines of a later chunk: few messages (and renders) for a whole window. */
export const CHUNK_LINES = 250;

/**
 * Time one chunk may take before it is handed over anyway, so the worker gets back to its
 * messages (a cancel, a newer card's window) often, whatever the lines cost: a cold grammar
 * (compiling its regexes) or long lines.
 */
export const CHUNK_SLICE_MS = 30;

/**
 * Where the chunk that starts at line `start` ends (exclusive), before its time slice: the
 * visible rows first, then larger steps. A first chunk cut short by its slice is finished by
 * the next one, so the rows on screen never wait for 250 more.
 */
export function chunkEnd(start: number, lineCount: number): number {
  return Math.min(lineCount, start < FIRST_CHUNK_LINES ? FIRST_CHUNK_LINES : start + CHUNK_LINES);
}
