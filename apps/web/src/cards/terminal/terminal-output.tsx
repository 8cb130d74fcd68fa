import { useCallback, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { countText, formatCount } from '../frame/count-text';
import { noLayoutReadsOnMount } from '../../ui/no-layout-reads-on-mount';
import { collapsedRows, type TerminalRow, type TerminalRows } from './terminal-rows';
import { TerminalOutputRow } from './terminal-output-row';

/** Must match `.tc-term__row`'s height in terminal-card.css: rows do not wrap, so none is measured. */
const ROW_HEIGHT_PX = 20;
/** The whole output, once asked for, scrolls in a box this tall (as the read card's code does). */
export const TERMINAL_VIEWPORT_HEIGHT_PX = 448;
const OVERSCAN_ROWS = 20;

interface TerminalOutputProps {
  rows: TerminalRows;
  /** A find hit's row (0-based across stdout and stderr): shown, marked and scrolled to. */
  targetLine?: number;
}

/**
 * The output: whole when short; else its first and last lines around "Show all N lines", which
 * draws every line in a virtualized box (only the rows in view are in the DOM).
 */
export function TerminalOutput({ rows, targetLine }: TerminalOutputProps) {
  const [expanded, setExpanded] = useState(false);
  const [whole, setWhole] = useState<ReadonlySet<number>>(() => new Set());
  const showWhole = useCallback((index: number) => setWhole((previous) => new Set(previous).add(index)), []);
  // The last lines of a long output show their text at once and their colours a task later:
  // their styles replay every SGR sequence before them, too long for the card's first frame.
  const [styled, setStyled] = useState(false);
  const collapsed = useMemo(() => collapsedRows(rows, undefined, { styled }), [rows, styled]);
  useEffect(() => {
    if (styled || collapsed.kind !== 'ends') return undefined;
    // After the first frame is painted: the next animation frame, then a task of its own.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setStyled(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [styled, collapsed.kind]);
  const targetHidden = collapsed.kind === 'ends' && targetLine !== undefined && targetLine >= collapsed.head.length && targetLine < rows.count - collapsed.tail.length;
  // A find hit in the hidden middle shows the whole output.
  useEffect(() => {
    if (targetHidden) setExpanded(true);
  }, [targetHidden, targetLine]);
  const { firstStderr } = rows;

  const rowOf = (row: TerminalRow, style?: CSSProperties) => (
    <TerminalOutputRow
      key={row.index}
      row={row}
      stderrStart={row.index === firstStderr}
      isTarget={row.index === targetLine}
      whole={whole.has(row.index)}
      onShowWhole={showWhole}
      style={style}
    />
  );

  if (expanded && collapsed.kind === 'ends') {
    return (
      <>
        <VirtualOutput rows={rows} targetLine={targetLine} rowOf={rowOf} />
        <div className="tc-term__more">
          <button type="button" className="tc-card__action" aria-expanded="true" onClick={() => setExpanded(false)}>
            Show less
          </button>
        </div>
      </>
    );
  }
  if (collapsed.kind === 'all') return <div className="tc-term__output">{collapsed.rows.map((row) => rowOf(row))}</div>;
  return (
    <div className="tc-term__output">
      {collapsed.head.map((row) => rowOf(row))}
      <div className="tc-term__hidden">
        <span>{countText(collapsed.hidden, 'line', 'lines')} not shown</span>
        <button type="button" className="tc-card__action" aria-expanded="false" onClick={() => setExpanded(true)}>
          Show all {formatCount(rows.count)} lines
        </button>
      </div>
      {collapsed.tail.map((row) => rowOf(row))}
    </div>
  );
}

function VirtualOutput({ rows, targetLine, rowOf }: { rows: TerminalRows; targetLine?: number; rowOf: (row: TerminalRow, style?: CSSProperties) => ReactNode }) {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: rows.count,
    getScrollElement: () => viewport,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: viewport ? OVERSCAN_ROWS : 0,
    initialRect: { width: 800, height: TERMINAL_VIEWPORT_HEIGHT_PX },
    useFlushSync: false,
    ...noLayoutReadsOnMount<HTMLDivElement>(),
  });
  useEffect(() => {
    if (viewport && targetLine !== undefined && targetLine < rows.count) virtualizer.scrollToIndex(targetLine, { align: 'center' });
  }, [virtualizer, viewport, targetLine, rows.count]);
  return (
    // Scrollable content is reachable by keyboard: the box takes focus and arrows scroll it.
    <div ref={setViewport} className="tc-term__viewport" style={{ maxHeight: TERMINAL_VIEWPORT_HEIGHT_PX }} tabIndex={0} role="region" aria-label={`Output, ${countText(rows.count, 'line', 'lines')}`}>
      <div className="tc-term__output tc-term__output--virtual" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => rowOf(rows.row(item.index), { position: 'absolute', top: 0, left: 0, minWidth: '100%', transform: `translateY(${item.start}px)` }))}
      </div>
    </div>
  );
}
