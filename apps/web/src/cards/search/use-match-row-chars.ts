import { useEffect, useState, type RefObject } from 'react';
import { matchRowChars } from './match-row-chars';

/** The timeline's column (timeline.css max-width) and its side margins: a first guess without reading layout. */
const TIMELINE_MAX_PX = 1040;
const TIMELINE_MARGIN_PX = 48;

/**
 * The characters a match row shows, from the list's width: guessed from the window on the
 * first render (no layout read), then taken from a ResizeObserver, which re-renders only
 * when the count changes (a phone turned, a panel opened beside the timeline).
 */
export function useMatchRowChars(listRef: RefObject<HTMLElement | null>, previewChars: number): number {
  const [chars, setChars] = useState(() =>
    typeof window === 'undefined' ? previewChars : matchRowChars(Math.min(window.innerWidth, TIMELINE_MAX_PX) - TIMELINE_MARGIN_PX, previewChars),
  );
  useEffect(() => {
    const list = listRef.current;
    if (list === null || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setChars(matchRowChars(entry.contentRect.width, previewChars));
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [listRef, previewChars]);
  return chars;
}
