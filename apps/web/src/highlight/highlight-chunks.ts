export interface HighlightChunk {
  start: number;
  end: number;
}

/**
 * Rows a read card's viewport shows at once (448 px / 20 px rows ≈ 22), and a couple more:
 * the first chunk, so the rows on screen get colours before the rest is tokenized.
 */
export const FIRST_CHUNK_LINES = 25;

/**
 * How a window is tokenized: a small first chunk (the visible rows) so the rows a reader sees
 * first get their colours quickly, then larger chunks (~250 lines of TypeScript ≈ 55 ms here) so each
 * step stays short enough to cancel and to share the worker between cards.
 */
export function highlightChunks(lineCount: number, firstSize = FIRST_CHUNK_LINES, size = 250): HighlightChunk[] {
  const chunks: HighlightChunk[] = [];
  let start = 0;
  while (start < lineCount) {
    const end = Math.min(lineCount, start + (start === 0 ? firstSize : size));
    chunks.push({ start, end });
    start = end;
  }
  return chunks;
}
