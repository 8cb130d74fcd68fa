import { useEffect, useMemo, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ReadFileLine } from '@toolcards/protocol';
import type { HighlightedLine } from '../../highlight/highlighted-line';
import { noLayoutReadsOnMount } from '../../ui/no-layout-reads-on-mount';
import { widestColumns } from './code-columns';
import { ReadCodeRow } from './read-code-row';
import { rowSelectionProps, tabStopAmong, useScrollToSelectedLine } from './line-selection-rows';
import type { ReadLineSelection } from './use-line-selection';
import { shownLength } from './row-text-cap';
import { useRowsWithPage } from '../frame/use-rows-with-page';

/** Rows rendered past each edge of the viewport, so a scroll rarely shows an empty band. */
const OVERSCAN_ROWS = 20;

/** Must match `--tc-code-line-height` in cards.css: unwrapped rows are never measured. */
export const READ_ROW_PX = 20;
const ROW_HEIGHT_PX = READ_ROW_PX;

/**
 * The code viewport's preview height (the card's preview clips it there), and so the virtualizer's
 * first guess at its size: when the guess matches what its ResizeObserver then reports, the
 * range does not change and nothing renders again.
 */
export const READ_VIEWPORT_HEIGHT_PX = 448;

interface ReadVirtualRowsProps {
  viewport: HTMLDivElement | null;
  lines: readonly ReadFileLine[];
  highlighted: readonly (HighlightedLine | undefined)[];
  wrap: boolean;
  targetLine?: number;
  /** Lines [readFrom, readTo) are the agent's read (see ReadCodeView). */
  readFrom: number;
  readTo: number;
  selection?: ReadLineSelection;
  /** Lines drawn whole past ROW_TEXT_MAX_CHARS (useWholeLines). */
  whole: ReadonlySet<number>;
  onShowWhole: (line: number) => void;
  /** The card shows whole (expanded): the rows scroll with the page, virtualized against its scroller. */
  withPage?: boolean;
}

/** Only the rows in and near the viewport (or, expanded, the page's); wrapped rows are measured, unwrapped ones are fixed. */
export function ReadVirtualRows({ viewport, lines, highlighted, wrap, targetLine, readFrom, readTo, selection, whole, onShowWhole, withPage = false }: ReadVirtualRowsProps) {
  const rowsRef = useRef<HTMLDivElement>(null);
  const { onPage, scrollOptions } = useRowsWithPage(viewport, rowsRef, withPage);
  const virtualizer = useVirtualizer<HTMLElement, Element>({
    count: lines.length,
    estimateSize: () => ROW_HEIGHT_PX,
    // The card's first render draws the rows on screen only; the rows around them come with
    // the next one (once the viewport is known, a transition): fewer rows to lay out first.
    overscan: viewport ? OVERSCAN_ROWS : 0,
    // The first paint (and a test DOM without layout) still shows a screenful.
    initialRect: { width: 800, height: READ_VIEWPORT_HEIGHT_PX },
    // A measurement that does change the range re-renders in a normal update, not a
    // synchronous one inside the mount's task.
    useFlushSync: false,
    // The mount forces no layout inside the card's first task: the browser's own layout before
    // the first paint stays the only one (decision 0014, Measurements).
    ...noLayoutReadsOnMount<HTMLElement>(),
    ...scrollOptions,
  });
  // As wide as the longest line as drawn: a line cut at ROW_TEXT_MAX_CHARS counts that far.
  const columns = useMemo(() => widestColumns(lines.map(({ number, text }) => (whole.has(number) ? text : text.slice(0, shownLength(text))))), [lines, whole]);

  // Wrapping changes every row's height: forget the old measurements.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, wrap]);

  // Expanded, a scroll to a line scrolls the timeline, which a reveal (a find hit, a line link)
  // also scrolls to this card's row, in its own effect: a parent's, so after this one. The
  // line's scroll waits a frame so it lands last; otherwise the card's top is what stays shown.
  const pageFrame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(pageFrame.current), []);
  const scrollToRow = (index: number, align: 'center' | 'start') => {
    cancelAnimationFrame(pageFrame.current);
    if (onPage) pageFrame.current = requestAnimationFrame(() => virtualizer.scrollToIndex(index, { align }));
    else virtualizer.scrollToIndex(index, { align });
  };
  const targetIndex = targetLine === undefined ? -1 : lines.findIndex((line) => line.number === targetLine);
  useEffect(() => {
    if (viewport && targetIndex >= 0) scrollToRow(targetIndex, 'center');
    // Only a new target (or viewport) scrolls: expanding the card must not move the timeline.
  }, [virtualizer, viewport, targetIndex]);
  // An opened line link: its first line near the top of the card's viewport (expanded: the timeline's).
  useScrollToSelectedLine(selection?.scrollTo, viewport !== null, (line) => {
    const index = lines.findIndex((each) => each.number === line);
    if (index >= 0) scrollToRow(Math.max(0, index - 2), 'start');
  });
  const items = virtualizer.getVirtualItems();
  const tabStop = tabStopAmong(selection?.focusLine, lines[items[0]?.index ?? -1]?.number, lines[items[items.length - 1]?.index ?? -1]?.number);

  return (
    <div
      ref={rowsRef}
      className="tc-read__lines tc-read__lines--virtual"
      style={{
        height: virtualizer.getTotalSize(),
        minWidth: wrap ? undefined : `calc(${columns}ch + var(--tc-gutter-width) + var(--tc-code-padding) * 2)`,
      }}
    >
      {items.map((item) => {
        const line = lines[item.index]!;
        return (
          <ReadCodeRow
            key={line.number}
            index={item.index}
            number={line.number}
            text={line.text}
            cutAtChars={line.cutAtChars}
            tokens={highlighted[item.index]}
            isTarget={line.number === targetLine}
            added={item.index < readFrom || item.index >= readTo}
            {...rowSelectionProps(selection, line.number, tabStop)}
            whole={whole.has(line.number)}
            onShowWhole={onShowWhole}
            rowRef={wrap ? virtualizer.measureElement : undefined}
            style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
          />
        );
      })}
    </div>
  );
}
