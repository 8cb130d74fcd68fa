import { startTransition, useCallback, useLayoutEffect, useState, type CSSProperties } from 'react';
import type { ReadFileLine } from '@toolcards/protocol';
import type { CardPreview } from '../frame/card-preview';
import type { HighlightedLine } from '../../highlight/highlighted-line';
import { ReadCodeRow } from './read-code-row';
import { useLineKeptInPlace } from './use-line-kept-in-place';
import { rowSelectionProps, useScrollToSelectedLine } from './line-selection-rows';
import type { ReadLineSelection } from './use-line-selection';
import { READ_VIEWPORT_HEIGHT_PX, ReadVirtualRows } from './read-virtual-rows';
import { useWholeLines } from './use-whole-lines';

/** Above this many lines only the rows on screen are rendered. */
export const VIRTUALIZE_ABOVE_LINES = 200;

interface ReadCodeViewProps {
  lines: readonly ReadFileLine[];
  highlighted: readonly (HighlightedLine | undefined)[];
  wrap: boolean;
  targetLine?: number;
  /** Lines [readFrom, readTo) are the agent's read; the others were added from the file now. Default: all read. */
  readFrom?: number;
  readTo?: number;
  /** Line numbers as buttons that select lines; without it they are drawing only. */
  selection?: ReadLineSelection;
  /** The card's preview (decision 0016): the viewport is its clip box; absent, the viewport shows whole. */
  preview?: CardPreview['boxProps'];
}

/** The scrolling gutter + code area of a read card. */
export function ReadCodeView({ lines, highlighted, wrap, targetLine, readFrom = 0, readTo = lines.length, selection, preview }: ReadCodeViewProps) {
  // State, not a ref: the rows' effects run before a parent's ref is attached, and the
  // virtualizer must re-render once it has its scroll element. That render is a transition:
  // the first one already drew the rows on screen (from the virtualizer's initialRect), so
  // it waits for a later task instead of doubling the card's first one.
  const [viewport, setViewportNow] = useState<HTMLDivElement | null>(null);
  const setViewport = useCallback((element: HTMLDivElement | null) => startTransition(() => setViewportNow(element)), []);
  useLineKeptInPlace(viewport, lines[0]?.number);
  const { whole, showWhole } = useWholeLines();
  const lastNumber = lines[lines.length - 1]?.number ?? 1;
  // Clipped to the preview (no scrolling of its own but sideways: the wheel scrolls the timeline), or whole.
  const style = { '--tc-gutter-digits': String(lastNumber).length, ...preview?.style } as CSSProperties;
  const className = wrap ? 'tc-read__viewport is-wrapped' : 'tc-read__viewport';

  return (
    // A scrollable region must be reachable by keyboard to be scrolled by keyboard.
    <div ref={setViewport} className={className} style={style} data-preview={preview?.['data-preview'] ?? 'whole'} tabIndex={0} role="region" aria-label="File contents">
      {lines.length > VIRTUALIZE_ABOVE_LINES ? (
        <ReadVirtualRows withPage={preview?.['data-preview'] === 'whole'} viewport={viewport} lines={lines} highlighted={highlighted} wrap={wrap} targetLine={targetLine} readFrom={readFrom} readTo={readTo} selection={selection} whole={whole} onShowWhole={showWhole} />
      ) : (
        <ReadAllRows viewport={viewport} lines={lines} highlighted={highlighted} targetLine={targetLine} readFrom={readFrom} readTo={readTo} selection={selection} whole={whole} onShowWhole={showWhole} />
      )}
    </div>
  );
}

interface ReadAllRowsProps {
  viewport: HTMLDivElement | null;
  lines: readonly ReadFileLine[];
  highlighted: readonly (HighlightedLine | undefined)[];
  targetLine?: number;
  readFrom: number;
  readTo: number;
  selection?: ReadLineSelection;
  /** Lines drawn whole past ROW_TEXT_MAX_CHARS (useWholeLines). */
  whole: ReadonlySet<number>;
  onShowWhole: (line: number) => void;
}

function ReadAllRows({ viewport, lines, highlighted, targetLine, readFrom, readTo, selection, whole, onShowWhole }: ReadAllRowsProps) {
  useLayoutEffect(() => {
    const row = viewport?.querySelector<HTMLElement>('.tc-read__row.is-target');
    if (!viewport || !row) return;
    // Scroll the card's own viewport only; bringing the card into view is the timeline's call.
    viewport.scrollTop = Math.max(0, row.offsetTop - (viewport.clientHeight - row.offsetHeight) / 2);
  }, [viewport, targetLine]);
  // An opened line link: its first line near the top of the card's viewport.
  useScrollToSelectedLine(selection?.scrollTo, viewport !== null, (line) => {
    const row = viewport?.querySelector(`.tc-read__gutter[data-line-number="${line}"]`)?.closest<HTMLElement>('.tc-read__row');
    if (viewport && row) viewport.scrollTop = Math.max(0, row.offsetTop - 2 * row.offsetHeight);
  });

  return (
    <div className="tc-read__lines">
      {lines.map((line, index) => (
        <ReadCodeRow
          key={line.number}
          index={index}
          number={line.number}
          text={line.text}
          cutAtChars={line.cutAtChars}
          tokens={highlighted[index]}
          isTarget={line.number === targetLine}
          added={index < readFrom || index >= readTo}
          {...rowSelectionProps(selection, line.number, selection?.focusLine)}
          whole={whole.has(line.number)}
          onShowWhole={onShowWhole}
        />
      ))}
    </div>
  );
}
