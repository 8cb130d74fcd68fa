import { useLayoutEffect, useRef } from 'react';

interface Anchor {
  /** The first line visible in the code view before lines were added above it. */
  number: string;
  /** Its top on screen then. */
  top: number;
  scrollHeight: number;
}

/**
 * Lines added above keep the view still: the line that was at the top of the code view
 * stays where it was on screen. The code view scrolls by what was added; when it grew taller
 * instead (a short card), the page's scroller makes up the rest, as a code review page does.
 * The anchor is taken during render, before React changes the DOM: that is the only moment
 * the old layout can still be read.
 */
export function useLineKeptInPlace(viewport: HTMLElement | null, firstNumber: number | undefined): void {
  const seenFirst = useRef(firstNumber);
  const anchor = useRef<Anchor | undefined>(undefined);
  if (viewport && firstNumber !== undefined && seenFirst.current !== undefined && firstNumber < seenFirst.current && anchor.current === undefined) {
    anchor.current = topVisibleLine(viewport);
  }
  seenFirst.current = firstNumber;

  useLayoutEffect(() => {
    const kept = anchor.current;
    anchor.current = undefined;
    if (!viewport || !kept) return;
    viewport.scrollTop += viewport.scrollHeight - kept.scrollHeight;
    // The timeline learns the card's new height a frame later (its row is measured by a
    // ResizeObserver): only then can it scroll by what the card grew. A few frames at most.
    // Not cancelled by the next render: re-rendering (colour arriving) is exactly what happens meanwhile.
    let frames = 0;
    const settle = () => {
      const row = viewport.querySelector(`.tc-read__gutter[data-line-number="${kept.number}"]`);
      if (!row) return;
      const shift = row.getBoundingClientRect().top - kept.top;
      if (Math.abs(shift) < 1) return;
      scrollingAncestor(viewport)?.scrollBy(0, shift);
      frames += 1;
      if (frames < 4) requestAnimationFrame(settle);
    };
    settle();
    requestAnimationFrame(settle);
  });
}

function topVisibleLine(viewport: HTMLElement): Anchor | undefined {
  const top = viewport.getBoundingClientRect().top;
  for (const gutter of viewport.querySelectorAll<HTMLElement>('.tc-read__gutter')) {
    const rect = gutter.getBoundingClientRect();
    if (rect.bottom > top + 1) return { number: gutter.dataset.lineNumber ?? '', top: rect.top, scrollHeight: viewport.scrollHeight };
  }
  return undefined;
}

function scrollingAncestor(element: HTMLElement): HTMLElement | undefined {
  for (let current = element.parentElement; current; current = current.parentElement) {
    const { overflowY } = getComputedStyle(current);
    if ((overflowY === 'auto' || overflowY === 'scroll') && current.scrollHeight > current.clientHeight) return current;
  }
  return undefined;
}
