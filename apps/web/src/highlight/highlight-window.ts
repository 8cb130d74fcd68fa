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

/**
 * A few lines of C-family code touching the usual constructs (imports, declarations, types,
 * strings, template literals, regexes, comments, numbers, classes).
 */
const WARM_SAMPLE = [
  "import { a, type B } from '../cards/read/c';",
  '/** doc */',
  'export const d: Record<string, number> = { e: 1, "f": 2.5e3, g: 0x1f }; // note',
  'export async function h<T>(i: readonly T[], ...j: unknown[]): Promise<void> {',
  '  for (const k of i) if (k != null && `${k}`.length > 0) await l(k as never, /m+\\d/g);',
  '}',
  'class N<O> extends P implements Q { private r = new Map<string, O>(); get s() { return this.r; } }',
].join('\n');

/**
 * Pays a cold start ahead of time: creates the highlighter, loads `lang`'s grammar and
 * tokenizes a small sample so the regexes of its common rules are translated and compiled
 * (the JavaScript engine does that lazily, rule by rule, on first use). A later window in
 * `lang` then starts on a warm grammar. Other grammars than C-family ones still get their
 * top-level rules compiled.
 */
export async function warmHighlighter(lang: string): Promise<void> {
  const highlighter = await highlighterFor(lang);
  highlighter?.codeToTokens(WARM_SAMPLE, { lang, themes: HIGHLIGHT_THEMES, defaultColor: false });
}
