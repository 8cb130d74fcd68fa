import { useLayoutEffect, useRef, useState } from 'react';
import { nextColourBatch } from './colour-batches';
import type { HighlightedLine, WindowLines } from './highlighted-line';
import { highlightedSoFar, holdHighlight, isHighlightable, prefetchHighlight } from './highlight-windows';

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
  const [highlighted, setHighlighted] = useState<Highlighted>(() => {
    // Asked for before the rows are even rendered (a no-op when the frame's ingest did it):
    // the worker tokenizes the visible rows while this task renders, lays out and paints them.
    prefetchHighlight(lang, texts);
    return { texts, lang, lines: nextColourBatch(NONE, highlightedSoFar(lang, texts) ?? NONE).lines };
  });
  // The state as last set, for the effect below (which outlives many renders).
  const shown = useRef(highlighted);

  // A layout effect: a new window (the card grew) is asked for in the task that rendered it.
  // A passive effect would wait for that task's layout and paint.
  useLayoutEffect(() => {
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
    let holding = true;
    const release = holdHighlight(lang, texts, (lines) => {
      arrived = lines;
      // A chunk is drawn in the task that brought it; what the window already had when the
      // card mounted, beyond its first render's batch, waits for the next frame.
      if (frame === undefined) {
        if (holding) frame = requestAnimationFrame(applyBatch);
        else applyBatch();
      }
    });
    holding = false;
    return () => {
      release();
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [lang, texts]);

  // Tokens of a previous window or language never paint over the current one.
  return highlighted.texts === texts && highlighted.lang === lang ? highlighted.lines : NONE;
}
