export interface HighlightChunk {
  start: number;
  end: number;
}

/**
 * How a window is tokenized: a small first chunk so the rows a reader sees first get their
 * colours quickly, then larger chunks (~250 lines of TypeScript ≈ 55 ms here) so each
 * step stays short enough to cancel and to share the worker between cards.
 */
export function highlightChunks(lineCount: number, firstSize = 80, size = 250): HighlightChunk[] {
  const chunks: HighlightChunk[] = [];
  let start = 0;
  while (start < lineCount) {
    const end = Math.min(lineCount, start + (start === 0 ? firstSize : size));
    chunks.push({ start, end });
    start = end;
  }
  return chunks;
}
