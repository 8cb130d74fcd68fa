import { useEffect, useState } from 'react';

/**
 * Whether `element` is at least `minWidth` px wide, followed with a ResizeObserver (no
 * layout read of its own). False until measured, and where there is no ResizeObserver.
 */
export function useWideEnough(element: Element | null, minWidth: number): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    if (!element || typeof ResizeObserver !== 'function') return undefined;
    const observer = new ResizeObserver((entries) => {
      const width = entries.at(-1)?.contentRect.width;
      if (width !== undefined) setWide(width >= minWidth);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, minWidth]);
  return wide;
}
