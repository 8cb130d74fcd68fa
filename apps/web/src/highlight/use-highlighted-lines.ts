import { useEffect, useRef, useState } from 'react';
import { nextColourBatch } from './colour-batches';
import type { HighlightedLine, WindowLines } from './highlighted-line';
import { highlightedSoFar, holdHighlight, isHighlightable } from './highlight-windows';

const NONE: WindowLines = [];

interface Highlighted {
  texts: readonly string[];
  lang?: string;
  lines: WindowLines;
}

/**
 * Tokens for each line of a window as they arrive; a line without tokens yet (or with no
 * grammar for `lang`) is undefined and renders as plain text in the same font and line
 * height, so colour arriving never moves anything. A window whose highlighting started
 * before the card mounted (its result frame's ingest) is picked up with what already came,
 * so the first render can be coloured. Colour is taken in batches of tokens, a frame apart
 * (colour-batches.ts): lines of minified code never make one long task.
 */
export function useHighlightedLines(
  lang: string | undefined,
  texts: readonly string[],
): readonly (HighlightedLine | undefined)[] {
  const [highlighted, setHighlighted] = useState<Highlighted>(() => ({ texts, lang, lines: nextColourBatch(NONE, highlightedSoFar(lang, texts) ?? NONE).lines }));
  // The state as last set, for the effect below (which outlives many renders).
  const shown = useRef(highlighted);

  // A passive effect: a window nobody asked for yet (no ingest did) goes out once the card's
  // first frame is painted. Asking in its render or layout effect was slower for first text on
  // two cores — the worker then competes with that frame's layout — and barely sooner for colour.
  useEffect(() => {
    if (!isHighlightable(lang, texts)) return undefined;
    const current = shown.current;
    let applied = current.texts === texts && current.lang === lang ? current.lines : NONE;
    let arrived = NONE;
    let frame: number | undefined;
    const applyBatch = () => {
      frame = undefined;
      const batch = nextColourBatch(applied, arrived);
      if (batch.lines !== applied) {
        applied = batch.lines;
        shown.current = { texts, lang, lines: applied };
        setHighlighted(shown.current);
      }
      if (batch.rest) frame = requestAnimationFrame(applyBatch);
    };
    const release = holdHighlight(lang, texts, (lines) => {
      arrived = lines;
      // A chunk is drawn in the task that brought it, unless batches are still being drawn.
      if (frame === undefined) applyBatch();
    });
    return () => {
      release();
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [lang, texts]);

  // Tokens of a previous window or language never paint over the current one.
  return highlighted.texts === texts && highlighted.lang === lang ? highlighted.lines : NONE;
}
