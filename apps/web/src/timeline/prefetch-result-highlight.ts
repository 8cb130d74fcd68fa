import { prefetchHighlight } from '../highlight/highlight-windows';
import type { ToolRow } from '../model/timeline-row';

/**
 * A live result whose card draws highlighted code: its highlighting starts as the frame is
 * ingested (ClientState's `onLiveResult`), not in the card's mount a frame or more later, so
 * the card can mount with its visible rows coloured. Other results are left alone. True when
 * it was a read window with a language (its highlighting asked for).
 */
export function prefetchResultHighlight(row: ToolRow): boolean {
  const { result } = row;
  if (!result || result.isError) return false;
  const read = readWindowOf(result.view);
  if (read) prefetchHighlight(read.lang, read.texts);
  return read !== undefined;
}

/**
 * A read view's language and line texts, read straight off the wire view: validating the
 * whole view here (zod, 2,000 lines) cost ≈ 40 ms in the frame's task, and the card does it
 * anyway. Nothing here is rendered: the card draws its validated view, and takes these tokens
 * only for lines equal to its own (highlight-windows.ts). Anything unexpected: no prefetch.
 */
function readWindowOf(view: unknown): { lang: string; texts: string[] } | undefined {
  if (typeof view !== 'object' || view === null) return undefined;
  const { card, lang, lines } = view as { card?: unknown; lang?: unknown; lines?: unknown };
  if (card !== 'read' || typeof lang !== 'string' || !Array.isArray(lines)) return undefined;
  const texts: string[] = [];
  for (const line of lines as unknown[]) {
    const text = typeof line === 'object' && line !== null ? (line as { text?: unknown }).text : undefined;
    if (typeof text !== 'string') return undefined;
    texts.push(text);
  }
  return { lang, texts };
}
