import type { HighlightChunkListener, HighlightRequest } from '../highlight/highlighted-line';
import { precomputedLines } from './precomputed-highlights';

/**
 * The exported file's stand-in for highlight/highlight-client.ts (the export viewer's build
 * resolves that module to this one, vite.export-viewer.config.ts): the same exports, answered
 * from the tokens computed at export. No worker, no Shiki, no grammar in the file.
 */
export function startHighlight(request: HighlightRequest, onChunk: HighlightChunkListener): () => void {
  let cancelled = false;
  const lines = precomputedLines(request.lang, request.texts);
  // After the caller's effect returns, as the worker's first chunk would be.
  if (lines) queueMicrotask(() => cancelled || onChunk(0, lines));
  return () => {
    cancelled = true;
  };
}

export function warmHighlight(_lang: string | undefined): void {}

export const LIKELY_LANGS = ['typescript', 'tsx', 'javascript', 'json', 'markdown', 'python'] as const;

export function warmLikelyHighlights(): void {}
