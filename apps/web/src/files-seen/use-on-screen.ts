import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has been on screen (inside its scrolling panel and the window) at
 * least once: rows ask the server for things only once someone could see them. Without
 * IntersectionObserver (tests) everything counts as seen.
 */
export function useSeenOnScreen(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}
