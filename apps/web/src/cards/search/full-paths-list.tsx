import { useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { CallLocation } from '@toolcards/protocol';
import { countText } from '../frame/count-text';
import { EditorActions } from '../frame/editor-actions';
import { PathLabel } from '../frame/path-label';
import { spokenName } from '../text/spoken-name';
import { FULL_RESULT_PAGE, type FullResultSource } from '../../net/full-result-source';
import { useListArrowKeys } from './use-list-arrow-keys';
import { useRowsWithTimeline } from './use-rows-with-timeline';

const ROW_HEIGHT = 26;

/** Every path of a capped glob, from the spill: virtualized against the timeline (no scroller of its own), fetched a page at a time as it scrolls into view. */
export function FullPathsList({ total, source, onOpenLocation }: { total: number; source: FullResultSource; onOpenLocation?: (location: CallLocation) => void }) {
  const [pages, setPages] = useState<ReadonlyMap<number, readonly string[] | Error>>(new Map());
  const listRef = useRef<HTMLDivElement>(null);
  // Drawn at its whole height, virtualized against the timeline (decision 0016).
  const withTimeline = useRowsWithTimeline(listRef);
  const virtualizer = useVirtualizer<HTMLElement, Element>({
    count: total,
    ...withTimeline,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
    initialRect: { width: 600, height: 576 },
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;

  // The pages the rows in view fall in: each asked for once.
  const requested = useRef(new Set<number>());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);
  useEffect(() => {
    for (let page = Math.floor(first / FULL_RESULT_PAGE); page <= Math.floor(last / FULL_RESULT_PAGE); page += 1) {
      if (requested.current.has(page)) continue;
      requested.current.add(page);
      source.page({ offset: page * FULL_RESULT_PAGE, limit: FULL_RESULT_PAGE }).then(
        (answer) => mounted.current && answer.shape === 'paths' && setPages((current) => new Map(current).set(page, answer.paths)),
        (error: unknown) => mounted.current && setPages((current) => new Map(current).set(page, error instanceof Error ? error : new Error(String(error)))),
      );
    }
  }, [first, last, source]);
  const onKeyDown = useListArrowKeys(listRef, virtualizer, total, () => undefined);

  return (
    <div ref={listRef} className="tc-search__paths tc-search__full" role="list" aria-label={`All ${countText(total, 'file', 'files')}`} onKeyDown={onKeyDown}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const page = pages.get(Math.floor(item.index / FULL_RESULT_PAGE));
          const path = Array.isArray(page) ? (page as readonly string[])[item.index % FULL_RESULT_PAGE] : undefined;
          return (
            <div key={item.key} role="listitem" className="tc-search__full-row" data-index={item.index} style={{ transform: `translateY(${item.start}px)`, height: item.size }}>
              {path !== undefined ? (
                <>
                  <button type="button" className="tc-search__path" aria-label={`Open ${spokenName(path)}`} onClick={() => onOpenLocation?.({ path })}>
                    <PathLabel path={path} />
                  </button>
                  <EditorActions path={path} line={1} />
                </>
              ) : (
                <p className="tc-search__full-status">{page instanceof Error ? `Could not load: ${page.message}` : 'Loading…'}</p>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
