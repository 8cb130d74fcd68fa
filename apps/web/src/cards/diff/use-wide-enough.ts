import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element behind `ref` (always rendered with the card) is at least `minWidth` px
 * wide, followed with a ResizeObserver (no layout read of its own). A ref, not the element as
 * state: setting state from a ref is a synchronous update, which re-rendered the whole card
 * inside its first task. False until measured, and where there is no ResizeObserver.
 */
export function useWideEnough(ref: RefObject<Element | null>, minWidth: number): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver !== 'function') return undefined;
    const observer = new ResizeObserver((entries) => {
      const width = entries.at(-1)?.contentRect.width;
      if (width !== undefined) setWide(width >= minWidth);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, minWidth]);
  return wide;
}
