import { useCallback, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { countText, formatCount } from '../frame/count-text';
import { noLayoutReadsOnMount } from '../frame/no-layout-reads-on-mount';
import { collapsedRows, type TerminalRow } from './terminal-rows';
import { TerminalOutputRow } from './terminal-output-row';

/** Must match `.tc-term__row`'s height in terminal-card.css: rows do not wrap, so none is measured. */
const ROW_HEIGHT_PX = 20;
/** The whole output, once asked for, scrolls in a box this tall (as the read card's code does). */
export const TERMINAL_VIEWPORT_HEIGHT_PX = 448;
const OVERSCAN_ROWS = 20;

interface TerminalOutputProps {
  rows: readonly TerminalRow[];
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
  const collapsed = collapsedRows(rows);
  const targetHidden = collapsed.kind === 'ends' && targetLine !== undefined && targetLine >= collapsed.head.length && targetLine < rows.length - collapsed.tail.length;
  // A find hit in the hidden middle shows the whole output.
  useEffect(() => {
    if (targetHidden) setExpanded(true);
  }, [targetHidden, targetLine]);
  const firstStderr = rows.findIndex((row) => row.stream === 'stderr');

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
          Show all {formatCount(rows.length)} lines
        </button>
      </div>
      {collapsed.tail.map((row) => rowOf(row))}
    </div>
  );
}

function VirtualOutput({ rows, targetLine, rowOf }: { rows: readonly TerminalRow[]; targetLine?: number; rowOf: (row: TerminalRow, style?: CSSProperties) => ReactNode }) {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => viewport,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: viewport ? OVERSCAN_ROWS : 0,
    initialRect: { width: 800, height: TERMINAL_VIEWPORT_HEIGHT_PX },
    useFlushSync: false,
    ...noLayoutReadsOnMount<HTMLDivElement>(),
  });
  useEffect(() => {
    if (viewport && targetLine !== undefined && targetLine < rows.length) virtualizer.scrollToIndex(targetLine, { align: 'center' });
  }, [virtualizer, viewport, targetLine, rows.length]);
  return (
    // Scrollable content is reachable by keyboard: the box takes focus and arrows scroll it.
    <div ref={setViewport} className="tc-term__viewport" style={{ maxHeight: TERMINAL_VIEWPORT_HEIGHT_PX }} tabIndex={0} role="region" aria-label={`Output, ${countText(rows.length, 'line', 'lines')}`}>
      <div className="tc-term__output tc-term__output--virtual" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => rowOf(rows[item.index]!, { position: 'absolute', top: 0, left: 0, minWidth: '100%', transform: `translateY(${item.start}px)` }))}
      </div>
    </div>
  );
}
