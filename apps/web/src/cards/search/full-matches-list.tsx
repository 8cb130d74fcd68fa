import { useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { CallLocation, FullResultOutline } from '@toolcards/protocol';
import { countText, formatCount } from '../frame/count-text';
import { EditorActions } from '../frame/editor-actions';
import { PathLabel } from '../frame/path-label';
import { spokenName } from '../text/spoken-name';
import { VisibleText } from '../text/visible-text';
import { clipLine } from './clip-line';
import { FULL_RESULT_PAGE, type FullResultSource } from '../../net/full-result-source';
import { matchLabel } from './match-label';
import { useListArrowKeys } from './use-list-arrow-keys';
import { useRowsWithTimeline } from './use-rows-with-timeline';

type MatchesOutline = Extract<FullResultOutline, { shape: 'matches' }>;

interface LoadedMatches {
  matches: { lineNumber: number; line: string }[];
  loading: boolean;
  error?: string;
}

type FullRow =
  | { kind: 'header'; file: number }
  | { kind: 'match'; file: number; index: number }
  | { kind: 'status'; file: number; text: string }
  | { kind: 'more'; file: number; left: number };

const ROW_HEIGHT = { header: 28, match: 20, status: 20, more: 24 } as const;
const PREVIEW_CHARS = 160;

/**
 * Every file of a capped grep, from the spill: one row per file, virtualized against the
 * timeline (no scroller of its own), its matches
 * fetched a page at a time as the group is expanded. Each match opens its file at its line.
 */
export function FullMatchesList({ outline, source, onOpenLocation }: { outline: MatchesOutline; source: FullResultSource; onOpenLocation?: (location: CallLocation) => void }) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [loaded, setLoaded] = useState<ReadonlyMap<number, LoadedMatches>>(new Map());
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => void (live.current = false);
  }, []);

  const load = (file: number, offset: number) => {
    setLoaded((current) => new Map(current).set(file, { matches: current.get(file)?.matches ?? [], loading: true }));
    source.page({ file, offset, limit: FULL_RESULT_PAGE }).then(
      (page) => {
        if (!live.current || page.shape !== 'matches') return;
        setLoaded((current) => new Map(current).set(file, { matches: [...(current.get(file)?.matches ?? []), ...page.matches], loading: false }));
      },
      (error: unknown) => {
        if (!live.current) return;
        setLoaded((current) => new Map(current).set(file, { matches: current.get(file)?.matches ?? [], loading: false, error: error instanceof Error ? error.message : String(error) }));
      },
    );
  };

  const toggle = (file: number, open: boolean) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(file);
      else next.delete(file);
      return next;
    });
    if (open && !loaded.has(file)) load(file, 0);
  };

  const rows = useMemo(() => {
    const list: FullRow[] = [];
    outline.files.forEach((entry, file) => {
      list.push({ kind: 'header', file });
      if (!expanded.has(file)) return;
      const state = loaded.get(file);
      state?.matches.forEach((_, index) => list.push({ kind: 'match', file, index }));
      const have = state?.matches.length ?? 0;
      if (state?.error !== undefined) list.push({ kind: 'status', file, text: `Could not load the matches: ${state.error}` });
      else if (state === undefined || state.loading) list.push({ kind: 'status', file, text: 'Loading matches…' });
      else if (have < entry.matches) list.push({ kind: 'more', file, left: entry.matches - have });
    });
    return list;
  }, [outline, expanded, loaded]);

  const listRef = useRef<HTMLDivElement>(null);
  // Drawn at its whole height, virtualized against the timeline (decision 0016).
  const withTimeline = useRowsWithTimeline(listRef);
  const virtualizer = useVirtualizer<HTMLElement, Element>({
    count: rows.length,
    ...withTimeline,
    estimateSize: (index) => ROW_HEIGHT[rows[index]!.kind],
    overscan: 12,
    // Before the timeline is known, and in a test DOM without layout: a card-sized window of rows.
    initialRect: { width: 600, height: 576 },
  });
  const onKeyDown = useListArrowKeys(listRef, virtualizer, rows.length, (index, open) => {
    const row = rows[index];
    if (row?.kind === 'header') toggle(row.file, open);
  });

  return (
    <div ref={listRef} className="tc-search__groups tc-search__full" role="list" aria-label={`All ${countText(outline.total, 'match', 'matches')}`} onKeyDown={onKeyDown}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const path = outline.files[row.file]!.path;
          return (
            <div key={item.key} role="listitem" className="tc-search__full-row" data-index={item.index} style={{ transform: `translateY(${item.start}px)`, height: item.size }}>
              {row.kind === 'header' && (
                <button
                  type="button"
                  className="tc-search__group-header"
                  aria-expanded={expanded.has(row.file)}
                  aria-label={`${spokenName(path)}, ${countText(outline.files[row.file]!.matches, 'match', 'matches')}`}
                  onClick={() => toggle(row.file, !expanded.has(row.file))}
                >
                  <span className="tc-search__chevron" aria-hidden="true" />
                  <PathLabel path={path} />
                  <span className="tc-badge">{formatCount(outline.files[row.file]!.matches)}</span>
                </button>
              )}
              {row.kind === 'match' && <FullMatchRow path={path} match={loaded.get(row.file)!.matches[row.index]!} onOpenLocation={onOpenLocation} />}
              {row.kind === 'status' && <p className="tc-search__full-status">{row.text}</p>}
              {row.kind === 'more' && (
                <button type="button" className="tc-card__more tc-search__full-more" onClick={() => load(row.file, loaded.get(row.file)!.matches.length)}>
                  Show {formatCount(Math.min(row.left, FULL_RESULT_PAGE))} more ({formatCount(row.left)} left)
                </button>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function FullMatchRow({ path, match, onOpenLocation }: { path: string; match: { lineNumber: number; line: string }; onOpenLocation?: (location: CallLocation) => void }) {
  const clipped = clipLine(match.line, undefined, PREVIEW_CHARS);
  return (
    <>
      <button
        type="button"
        className="tc-search__match"
        aria-label={matchLabel(path, match.lineNumber, clipped.text)}
        onClick={() => onOpenLocation?.({ path, line: match.lineNumber })}
      >
        <span className="tc-search__line-number" aria-hidden="true">
          {match.lineNumber}
        </span>
        <span className="tc-search__line-text">
          <VisibleText text={clipped.text} />
        </span>
      </button>
      {/* A page of the spill has no ranges: the match opens at its line's start. */}
      <EditorActions path={path} line={match.lineNumber} />
    </>
  );
}
