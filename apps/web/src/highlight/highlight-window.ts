import { INITIAL, type StateStack } from 'shiki/textmate';
import { chunkEnd, CHUNK_SLICE_MS } from './highlight-chunks';
import type { GrammarSource } from './grammar-loaders';
import { lineHighlightingFor, type LineHighlighting } from './highlighter';
import type { HighlightChunkListener, HighlightedLine, HighlightRequest } from './highlighted-line';
import { tokenizeLine, type LineTokenizerOptions } from './line-tokenizer';
import { nextTask } from './next-task';

/** A window being highlighted, one chunk per step, so a scheduler can interleave windows. */
export interface WindowJob {
  /**
   * Tokenizes the next chunk — up to its last line (chunkEnd), or as many lines as fit in
   * `sliceMs`, at least one — and hands it to the listener. True while lines remain.
   */
  step(sliceMs: number): boolean;
}

/**
 * A job over `texts` from the top: one grammar pass per line, on the line strings as they
 * came, the grammar state carried from line to line (a block comment opened in one chunk
 * stays a comment in the next), each token coloured for both themes.
 */
export function windowJob(
  { grammar, styles }: LineHighlighting,
  texts: readonly string[],
  onChunk: HighlightChunkListener,
  options: LineTokenizerOptions = {},
): WindowJob {
  let next = 0;
  let stack: StateStack = INITIAL;
  return {
    step(sliceMs) {
      const start = next;
      const end = chunkEnd(start, texts.length);
      const deadline = performance.now() + sliceMs;
      const lines: HighlightedLine[] = [];
      while (next < end && (next === start || performance.now() < deadline)) {
        const tokenized = tokenizeLine(grammar, styles, texts[next]!, stack, options);
        lines.push(tokenized.line);
        stack = tokenized.stack;
        next += 1;
      }
      if (lines.length > 0) onChunk(start, lines);
      return next < texts.length;
    },
  };
}

/** The job for a window, once its grammar is loaded; undefined when `lang` has none (the card stays plain). */
export async function prepareWindow(
  { lang, texts }: HighlightRequest,
  onChunk: HighlightChunkListener,
  loaders?: ReadonlyMap<string, GrammarSource>,
): Promise<WindowJob | undefined> {
  const highlighting = await lineHighlightingFor(lang, loaders);
  return highlighting && windowJob(highlighting, texts, onChunk);
}

/**
 * Highlights a window on its own, chunk by chunk, yielding a task between chunks so a cancel
 * — or, on the main thread, the page — gets a turn. The main-thread fallback (no worker) and
 * the Node bench use it; the worker schedules jobs itself (highlight-queue.ts).
 */
export async function highlightWindow(
  request: HighlightRequest,
  onChunk: HighlightChunkListener,
  signal: AbortSignal,
  sliceMs = CHUNK_SLICE_MS,
): Promise<void> {
  const job = await prepareWindow(request, onChunk);
  while (job && !signal.aborted && job.step(sliceMs)) await nextTask();
}
