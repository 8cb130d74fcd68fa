import { useCallback, useState } from 'react';

const NONE: ReadonlySet<number> = new Set();

/**
 * Lines past ROW_TEXT_MAX_CHARS the reader asked to see whole ("+18,000 chars"), by line
 * number: kept by the card, not the row, so a virtual row scrolled away and back stays whole.
 * `showWhole` is stable for the card's life (rows are memoized).
 */
export function useWholeLines(): { whole: ReadonlySet<number>; showWhole: (line: number) => void } {
  const [whole, setWhole] = useState(NONE);
  const showWhole = useCallback((line: number) => setWhole((current) => (current.has(line) ? current : new Set(current).add(line))), []);
  return { whole, showWhole };
}
