import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { LineRange } from '../cards/read/line-selection';
import { rowIndexForSeq } from '../model/row-index-for-seq';
import type { TimelineRow } from '../model/timeline-row';
import { estimateRowHeight } from '../timeline/estimate-row-height';
import { anchorFromHash, anchorHash, type ExportAnchor } from './export-anchor';
import type { ExportFileHeader } from '@toolcards/protocol';
import { ExportFindBar } from './export-find-bar';
import type { ExportFindHit } from './export-find-hits';
import { ExportHeader } from './export-header';
import { ExportRowView } from './export-row-view';

/**
 * The exported session: its header and its rows, virtualized against the page's own scroll
 * (only the rows in view and a few more are in the DOM, so a 3,000-call file draws its first
 * screen at once). `#seq-N` and `#seq-N-LA-LB` bring a card (and lines of it) into view.
 */
/** The rows of the file: the first block's at once, the rest as they are parsed. */
export interface ExportRowsSource {
  first: readonly TimelineRow[];
  /** Starts parsing the other blocks; returns a stop. */
  rest(onRows: (rows: readonly TimelineRow[]) => void, onDone: () => void): () => void;
}

export function ExportViewer({ header, source }: { header: ExportFileHeader; source: ExportRowsSource }) {
  const [rows, setRows] = useState(source.first);
  const [complete, setComplete] = useState(false);
  useEffect(() => source.rest(setRows, () => setComplete(true)), [source]);
  const [anchor, setAnchor] = useState<ExportAnchor | undefined>(() => anchorFromHash(location.hash));
  const [findOpen, setFindOpen] = useState(false);
  const [findSerial, setFindSerial] = useState(0);
  const [hit, setHit] = useState<ExportFindHit | undefined>();
  const listRef = useRef<HTMLDivElement>(null);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => estimateRowHeight(rows[index]),
    overscan: 4,
    scrollMargin: listRef.current?.offsetTop ?? 0,
    getItemKey: (index) => rows[index]?.key ?? index,
  });

  const scrollToRow = useCallback((index: number) => virtualizer.scrollToIndex(index, { align: 'start' }), [virtualizer]);
  const anchorIndex = anchor === undefined ? undefined : rowIndexForSeq(rows, anchor.seq);

  // An address opened (the file's, a link clicked in it, the back button): its card into view.
  useEffect(() => {
    const onHash = () => setAnchor(anchorFromHash(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    if (anchorIndex !== undefined) scrollToRow(anchorIndex);
  }, [anchorIndex, anchor, scrollToRow]);

  // The file's find stands in for the browser's: most rows are not in the DOM.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f') {
        event.preventDefault();
        setFindOpen(true);
        setFindSerial((serial) => serial + 1);
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  const onHit = useCallback(
    (found: ExportFindHit | undefined) => {
      setHit(found);
      if (found) scrollToRow(found.row);
    },
    [scrollToRow],
  );
  const onSelectLines = useCallback((seq: number, lines: LineRange | undefined) => {
    history.replaceState(history.state, '', anchorHash(lines ? { seq, lines } : { seq }));
  }, []);
  const focusGroups = useMemo(() => (hit?.file === undefined ? undefined : { row: hit.row, group: { file: hit.file } }), [hit]);

  return (
    <div className="ev-page">
      <ExportHeader
        header={header}
        onFind={() => {
          setFindOpen(true);
          setFindSerial((serial) => serial + 1);
        }}
      />
      {findOpen && <ExportFindBar rows={rows} focusSerial={findSerial} onHit={onHit} onClose={() => setFindOpen(false)} />}
      <main className="ev-timeline" aria-label="Exported session" aria-busy={!complete} data-complete={complete ? 'true' : undefined}>
        {rows.length === 0 ? (
          <p className="ev-timeline__empty">This export holds no events.</p>
        ) : (
          <div ref={listRef} className="ev-timeline__canvas" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index]!;
              return (
                <div
                  key={item.key}
                  id={`seq-${row.seq}`}
                  data-index={item.index}
                  data-seq={row.seq}
                  data-hit={hit?.row === item.index ? 'true' : undefined}
                  data-addressed={item.index === anchorIndex ? 'true' : undefined}
                  ref={virtualizer.measureElement}
                  className="timeline__row ev-timeline__row"
                  style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
                >
                  <a className="ev-timeline__anchor" href={`#seq-${row.seq}`} aria-label={`Link to this card (seq ${row.seq})`}>
                    #
                  </a>
                  <ExportRowView
                    row={row}
                    rows={rows}
                    lines={item.index === anchorIndex ? anchor?.lines : undefined}
                    focusGroup={focusGroups?.row === item.index ? focusGroups.group : undefined}
                    onSelectLines={onSelectLines}
                  />
                </div>
              );
            })}
          </div>
        )}
      </main>
    </div>
  );
}
