import { useCallback, useState, type CSSProperties, type UIEvent } from 'react';
import { countText } from './count-text';

/**
 * One scrolling model for every card (decision 0016): the timeline is the only scroller. A
 * card whose body is taller than its preview shows the preview, clipped (the wheel goes on
 * scrolling the timeline), with "Show all N lines" under it; expanded, the body takes its
 * whole height in the timeline. A card calls `useCardPreview`, puts `preview.boxProps` on the
 * element that holds its rows (the clip box) and `<PreviewToggle>` after it.
 */
export interface CardPreview {
  /** The body is taller than the preview: there is something to expand. */
  expandable: boolean;
  /** Shown clipped to the preview now. */
  clipped: boolean;
  toggle: () => void;
  /** Expand (keeps expanded): a keyboard move or a find hit went past the preview. */
  expand: () => void;
  /** For the clip box: its clipped height, and a scroll of it (focus moved to a hidden row) expands. */
  boxProps: {
    'data-preview': 'clipped' | 'whole';
    style: CSSProperties;
    onScroll?: (event: UIEvent<HTMLElement>) => void;
  };
}

export interface CardPreviewOptions {
  /** The body's height in pixels as far as the card knows it without layout (rows × row height). */
  bodyHeight: number;
  /** Clipped height; a body up to this tall shows whole with no control. */
  previewHeight: number;
  /**
   * A scroll of the clip box expands the card (a list: the browser scrolls a clipped box to
   * show a row given focus). Off for a box the card scrolls itself (a read at its target line).
   */
  expandOnScroll?: boolean;
}

export function useCardPreview({ bodyHeight, previewHeight, expandOnScroll = false }: CardPreviewOptions): CardPreview {
  const [expanded, setExpanded] = useState(false);
  const expandable = bodyHeight > previewHeight;
  const clipped = expandable && !expanded;
  const toggle = useCallback(() => setExpanded((now) => !now), []);
  const expand = useCallback(() => setExpanded(true), []);
  const onScroll = useCallback(
    (event: UIEvent<HTMLElement>) => {
      const box = event.currentTarget;
      if (event.target !== box || box.scrollTop === 0) return;
      // The row that took the focus stays in view once the whole body shows.
      const focused = box.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
      setExpanded(true);
      requestAnimationFrame(() => focused?.scrollIntoView({ block: 'nearest' }));
    },
    [],
  );
  return {
    expandable,
    clipped,
    toggle,
    expand,
    boxProps: {
      'data-preview': clipped ? 'clipped' : 'whole',
      style: clipped ? { maxHeight: previewHeight } : {},
      ...(clipped && expandOnScroll ? { onScroll } : {}),
    },
  };
}

interface PreviewToggleProps {
  preview: CardPreview;
  /** What the body holds, e.g. 1,500 and ['line', 'lines']: "Show all 1,500 lines". */
  count: number;
  noun: readonly [one: string, many: string];
}

/** "Show all 1,500 lines" under a clipped body; "Show less" once expanded. Nothing when the body fits. */
export function PreviewToggle({ preview, count, noun }: PreviewToggleProps) {
  if (!preview.expandable) return null;
  return (
    <button
      type="button"
      className="tc-card__more tc-preview__toggle"
      aria-expanded={!preview.clipped}
      onClick={(event) => {
        const button = event.currentTarget;
        const collapsing = !preview.clipped;
        preview.toggle();
        // Shown less, the button moves up with the card's end: keep it (and the card's end) in view.
        if (collapsing) requestAnimationFrame(() => button.scrollIntoView({ block: 'nearest' }));
      }}
    >
      {preview.clipped ? `Show all ${countText(count, noun[0], noun[1])}` : 'Show less'}
    </button>
  );
}
