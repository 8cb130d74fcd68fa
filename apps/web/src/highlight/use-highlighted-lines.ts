import { useEffect, useState } from 'react';
import { GRAMMAR_LOADERS } from './grammar-loaders';
import type { HighlightedLine } from './highlighted-line';
import { startHighlight } from './highlight-client';

const NONE: readonly (HighlightedLine | undefined)[] = [];
const NO_TEXTS: readonly string[] = [];

interface Highlighted {
  texts: readonly string[];
  lang?: string;
  lines: readonly (HighlightedLine | undefined)[];
}

/**
 * Tokens for each line of a window as they arrive; a line without tokens yet (or with no
 * grammar for `lang`) is undefined and renders as plain text in the same font and line
 * height, so colour arriving never moves anything.
 */
export function useHighlightedLines(
  lang: string | undefined,
  texts: readonly string[],
): readonly (HighlightedLine | undefined)[] {
  const [highlighted, setHighlighted] = useState<Highlighted>({ texts: NO_TEXTS, lines: NONE });

  useEffect(() => {
    if (lang === undefined || !GRAMMAR_LOADERS.has(lang) || texts.length === 0) return undefined;
    const lines: (HighlightedLine | undefined)[] = new Array(texts.length).fill(undefined);
    return startHighlight({ lang, texts }, (start, chunk) => {
      chunk.forEach((line, index) => {
        lines[start + index] = line;
      });
      setHighlighted({ texts, lang, lines: lines.slice() });
    });
  }, [lang, texts]);

  // Tokens of a previous window or language never paint over the current one.
  return highlighted.texts === texts && highlighted.lang === lang ? highlighted.lines : NONE;
}
