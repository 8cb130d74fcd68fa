import type { GrammarState } from '@shikijs/types';
import { highlightChunks } from './highlight-chunks';
import { highlighterFor, HIGHLIGHT_THEMES } from './highlighter';
import { highlightedLineFromShiki, type HighlightChunkListener, type HighlightRequest } from './highlighted-line';

/**
 * Tokenizes a read window chunk by chunk from the top, carrying the grammar state across
 * chunks (a block comment opened in one chunk stays a comment in the next), and yields to
 * the event loop between chunks so a cancel — or, on the main thread, the page — gets a turn.
 * Runs in the highlight worker, or on the main thread where workers are unavailable.
 */
export async function highlightWindow(
  { lang, texts }: HighlightRequest,
  onChunk: HighlightChunkListener,
  signal: AbortSignal,
): Promise<void> {
  const highlighter = await highlighterFor(lang);
  if (!highlighter) return;
  let grammarState: GrammarState | undefined;
  for (const { start, end } of highlightChunks(texts.length)) {
    if (signal.aborted) return;
    const result = highlighter.codeToTokens(texts.slice(start, end).join('\n'), {
      lang,
      themes: HIGHLIGHT_THEMES,
      defaultColor: false,
      ...(grammarState ? { grammarState } : {}),
    });
    grammarState = result.grammarState;
    // A line holding its own newline would shift every row after it: leave such a window plain.
    if (result.tokens.length !== end - start) return;
    onChunk(start, result.tokens.map(highlightedLineFromShiki));
    await nextTask();
  }
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
