import { useEffect, type RefObject } from 'react';

/**
 * Keeps the tree's line `line` (its `data-line`) in view as the current turn moves. An
 * IntersectionObserver says, after the frame's layout, whether the line is wholly shown;
 * only a line cut off is scrolled to. Scrolling the timeline past a turn a few times a
 * second then costs no forced layout (a `scrollIntoView` on every change made one).
 */
export function useKeepLineInView(treeRef: RefObject<HTMLElement | null>, line: number, paused: () => boolean): void {
  useEffect(() => {
    const element = line < 0 || paused() ? null : treeRef.current?.querySelector(`[data-line="${line}"]`);
    if (!element) return undefined;
    if (typeof IntersectionObserver !== 'function') {
      element.scrollIntoView?.({ block: 'nearest' });
      return undefined;
    }
    const observer = new IntersectionObserver(([entry]) => {
      observer.disconnect();
      if (entry && entry.intersectionRatio < 1) element.scrollIntoView({ block: 'nearest' });
    }, { threshold: 1 });
    observer.observe(element);
    return () => observer.disconnect();
  }, [treeRef, line, paused]);
}
