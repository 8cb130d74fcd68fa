import { lazy, memo, useCallback, useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { defaultRangeExtractor, useVirtualizer, type Range, type VirtualItem } from '@tanstack/react-virtual';
import type { CallLocation, SearchFileMatches, SearchLineMatch } from '@toolcards/protocol';
import { PreviewToggle, useCardPreview } from '../frame/card-preview';
import { countText } from '../frame/count-text';
import { EditorActions } from '../frame/editor-actions';
import { noLayoutReadsOnMount } from '../../ui/no-layout-reads-on-mount';
import { matchColumn } from '../frame/editor-link';
import { PathLabel } from '../frame/path-label';
import { spokenName } from '../text/spoken-name';
import { clipLine } from './clip-line';
import { MarkedText } from './marked-text';
import { CONTEXT_LINES, ContextFailed, ContextLoading } from './match-context-status';
import type { FileSource } from '../../net/file-source';
import { matchLabel } from './match-label';
import { contextAround, LoggedContext } from './logged-context';
import { groupKey, itemSize, listHeight, matchListItems, rangeKeeping, runsByGroup, virtualKey, type GroupRun, type MatchListItem } from './search-match-items';
import { useRovingFocus } from './use-roving-focus';
import { useMatchRowChars } from './use-match-row-chars';
import { LoadFailureBoundary } from '../../ui/load-failure-boundary';

// A match's context loads with the first "±3" (initial JS ≤ 150 kB gzip).
const MatchContext = lazy(() => import('./match-context').then((module) => ({ default: module.MatchContext })));

/** Preview budget of a match row on a wide list; the match stays in view, the rest of the line is cut. */
const PREVIEW_CHARS = 160;
/** The list's preview height (decision 0016): the virtualizer's first guess at its viewport. */
const LIST_VIEWPORT_PX = 576;

interface SearchMatchesListProps {
  files: readonly SearchFileMatches[];
  expanded: readonly boolean[];
  onExpand: (group: number, expand: boolean) => void;
  openedKey: string | undefined;
  onOpen: (key: string, location: CallLocation) => void;
  /** Files as they are now: each match row can show its context (absent: no such control). */
  fileSource?: FileSource;
  /** Scroll this group's header to the top (a find hit is in it); a new object each time it is asked. */
  focusGroup?: { file: number };
}

/**
 * Per-file groups of match rows, one tab stop for the whole list (arrows move it).
 * Virtualized: only the headers and rows in view (and a few more) are in the DOM, each at
 * its place in the flat list; every group keeps its own list element, and each item says
 * its position and its list's size, so a screen reader still hears "3 of 12".
 */
export function SearchMatchesList({ files, expanded, onExpand, openedKey, onOpen, fileSource, focusGroup }: SearchMatchesListProps) {
  const id = useId();
  const contexts = useContextToggles();
  const items = useMemo(() => matchListItems(files, expanded, contexts.open), [files, expanded, contexts.open]);
  const indexOfKey = useMemo(() => new Map(items.map((item, index) => [item.key, index])), [items]);
  const complete = useCompleteAfterFirstFrame(listHeight(items) <= LIST_VIEWPORT_PX);

  // Clipped to a preview with "Show all N matches"; a keyboard move or a find hit past it expands the list.
  const preview = useCardPreview({ bodyHeight: listHeight(items), previewHeight: LIST_VIEWPORT_PX, expandOnScroll: true });
  const roving = useRovingFocus<HTMLDivElement>(
    items,
    (key, expand) => onExpand(Number(key.slice(1)), expand),
    (key) => {
      // A move by key shows the whole list: the row it lands on is focused in the page, not in a clipped box.
      if (preview.clipped) preview.expand();
      const index = indexOfKey.get(key);
      if (index !== undefined) virtualizer.scrollToIndex(index);
    },
  );
  const activeIndex = roving.activeKey === undefined ? undefined : indexOfKey.get(roving.activeKey);
  const virtualizer = useMatchListVirtualizer(items, roving.containerRef, activeIndex, complete);
  useGroupScrolledToTop(virtualizer, indexOfKey, focusGroup);

  const matchCount = useMemo(() => files.reduce((sum, file) => sum + file.matches.length, 0), [files]);
  const lineChars = useMatchRowChars(roving.containerRef, PREVIEW_CHARS);
  const rowProps: MatchRowShared = { onOpen, fileSource, withActions: complete, onToggleContext: contexts.toggle, lineChars };
  return (
    <>
      <div className="tc-search__groups" ref={roving.containerRef} onFocus={roving.onFocus} onKeyDown={roving.onKeyDown} {...preview.boxProps}>
        <ul className="tc-search__canvas" style={{ height: virtualizer.getTotalSize() }}>
          {runsByGroup(virtualizer.getVirtualItems(), items).map((run) => (
            <MatchGroup
              key={run.group}
              run={run}
              file={files[run.group]!}
              groupCount={files.length}
              isOpen={expanded[run.group] === true}
              idPrefix={id}
              tabIndexFor={roving.tabIndexFor}
              onExpand={onExpand}
              measure={virtualizer.measureElement}
              openedKey={openedKey}
              rowProps={rowProps}
            />
          ))}
        </ul>
      </div>
      <PreviewToggle preview={preview} count={matchCount} noun={['match', 'matches']} />
    </>
  );
}

/**
 * A list longer than its viewport draws its first screen bare: the rows' actions and the rows
 * around them come with a render after that first frame. A plain update from the frame, not
 * a transition, which any busy stretch of the timeline would keep waiting.
 */
function useCompleteAfterFirstFrame(completeAtOnce: boolean): boolean {
  const [complete, setComplete] = useState(completeAtOnce);
  useEffect(() => {
    if (complete) return undefined;
    const frame = requestAnimationFrame(() => setComplete(true));
    return () => cancelAnimationFrame(frame);
  }, [complete]);
  return complete;
}

/** The keys of the rows showing their context: kept in the list, so a row scrolled away and back keeps it. */
function useContextToggles(): { open: ReadonlySet<string>; toggle: (key: string) => void } {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((key: string) => {
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);
  return { open, toggle };
}

function useMatchListVirtualizer(items: readonly MatchListItem[], containerRef: RefObject<HTMLDivElement | null>, activeIndex: number | undefined, complete: boolean) {
  const estimateSize = useCallback((index: number) => itemSize(items[index]), [items]);
  const getItemKey = useCallback((index: number) => virtualKey(items[index], index), [items]);
  // The row holding the tab stop stays mounted when scrolled away: Tab still reaches the list.
  const rangeExtractor = useCallback((range: Range) => rangeKeeping(defaultRangeExtractor(range), activeIndex), [activeIndex]);
  return useVirtualizer({
    count: items.length,
    getScrollElement: () => containerRef.current,
    estimateSize,
    getItemKey,
    rangeExtractor,
    overscan: complete ? 4 : 0,
    // The first paint (and a test DOM without layout) shows a full list's screenful; the
    // real size comes from a ResizeObserver, never from a layout read inside the mount.
    initialRect: { width: 600, height: LIST_VIEWPORT_PX },
    ...noLayoutReadsOnMount<HTMLDivElement>(),
    // A measurement that changes the range re-renders in a normal update, not inside the mount's task.
    useFlushSync: false,
  });
}

/** A group asked for: its header at the top, so its rows (the card opens the group) mount in view. */
function useGroupScrolledToTop(virtualizer: { scrollToIndex(index: number, options: { align: 'start' }): void }, indexOfKey: ReadonlyMap<string, number>, focusGroup: { file: number } | undefined) {
  const indexOfKeyRef = useRef(indexOfKey);
  indexOfKeyRef.current = indexOfKey;
  useEffect(() => {
    const index = focusGroup === undefined ? undefined : indexOfKeyRef.current.get(groupKey(focusGroup.file));
    if (index !== undefined) virtualizer.scrollToIndex(index, { align: 'start' });
  }, [focusGroup, virtualizer]);
}

/** What every match row gets from the list. */
interface MatchRowShared {
  onOpen: (key: string, location: CallLocation) => void;
  fileSource: FileSource | undefined;
  /** "Open in editor", "Copy path:line" and "±3" (from the list's second render on). */
  withActions: boolean;
  onToggleContext: (key: string) => void;
  /** Characters of the line the row has room for (the list's width): the line is clipped around its match to fit. */
  lineChars: number;
}

interface MatchGroupProps {
  run: GroupRun<VirtualItem>;
  file: SearchFileMatches;
  groupCount: number;
  isOpen: boolean;
  idPrefix: string;
  tabIndexFor: (key: string) => number;
  onExpand: (group: number, expand: boolean) => void;
  measure: (element: Element | null) => void;
  openedKey: string | undefined;
  rowProps: MatchRowShared;
}

/** One file's group: its header and its rendered rows, each at its place in the flat list. */
function MatchGroup({ run: { group, header, rows }, file, groupCount, isOpen, idPrefix, tabIndexFor, onExpand, measure, openedKey, rowProps }: MatchGroupProps) {
  const listId = `${idPrefix}-${group}`;
  const key = groupKey(group);
  return (
    <li className="tc-search__group" aria-posinset={group + 1} aria-setsize={groupCount}>
      {header && (
        <button
          type="button"
          className="tc-search__group-header"
          style={{ transform: `translateY(${header.start}px)` }}
          data-index={header.index}
          data-roving-key={key}
          tabIndex={tabIndexFor(key)}
          aria-expanded={isOpen}
          aria-controls={isOpen ? listId : undefined}
          aria-label={`${spokenName(file.path)}, ${countText(file.matches.length, 'match', 'matches')}`}
          onClick={() => onExpand(group, !isOpen)}
        >
          <span className="tc-search__chevron" aria-hidden="true" />
          <PathLabel path={file.path} />
          <span className="tc-badge">{file.matches.length}</span>
        </button>
      )}
      {isOpen && (
        <ul id={listId} className="tc-search__matches">
          {rows.map(({ item, at }) => (
            <li
              key={item.match}
              className="tc-search__row"
              data-index={at.index}
              // Only a row showing its context has a height to measure; the others are fixed (logged context lines included).
              ref={item.contextOpen ? measure : undefined}
              style={{ transform: `translateY(${at.start}px)`, height: item.contextOpen ? undefined : at.size }}
              aria-posinset={item.match + 1}
              aria-setsize={file.matches.length}
            >
              <SearchMatchRow
                {...rowProps}
                rovingKey={item.key}
                path={file.path}
                match={file.matches[item.match]!}
                tabIndex={tabIndexFor(item.key)}
                opened={openedKey === item.key}
                contextId={`${idPrefix}-${item.key}-context`}
                showContext={item.contextOpen}
              />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

interface SearchMatchRowProps {
  rovingKey: string;
  path: string;
  match: SearchLineMatch;
  tabIndex: number;
  opened: boolean;
  onOpen: (key: string, location: CallLocation) => void;
  fileSource: FileSource | undefined;
  contextId: string;
  /** The context is open: its state lives in the list, so a row scrolled away and back keeps it. */
  showContext: boolean;
  onToggleContext: (key: string) => void;
  /** "Open in editor", "Copy path:line" and "±3" (from the list's second render on). */
  withActions: boolean;
  lineChars: number;
}

const SearchMatchRow = memo(function SearchMatchRow({ rovingKey, path, match, tabIndex, opened, onOpen, fileSource, contextId, showContext, onToggleContext, withActions, lineChars }: SearchMatchRowProps) {
  const clipped = clipLine(match.line, match.ranges, lineChars);
  const logged = contextAround(match.context, match.lineNumber);
  return (
    <>
      <LoggedContext lines={logged.before} lineChars={lineChars} side="before" />
      <button
        type="button"
        className="tc-search__match"
        data-roving-key={rovingKey}
        tabIndex={tabIndex}
        aria-current={opened ? 'true' : undefined}
        aria-label={matchLabel(path, match.lineNumber, clipped.text)}
        onClick={() => onOpen(rovingKey, { path, line: match.lineNumber })}
      >
        <span className="tc-search__line-number" aria-hidden="true">
          {match.lineNumber}
        </span>
        <span className="tc-search__line-text">
          <MarkedText text={clipped.text} ranges={clipped.ranges} />
        </span>
      </button>
      {/* Beside the row's button, with its tab index: Tab from the focused row reaches them; arrows move between rows as before. */}
      {withActions && <EditorActions path={path} line={match.lineNumber} column={matchColumn(match.ranges)} tabIndex={tabIndex} />}
      {withActions && fileSource && (
        <button
          type="button"
          className="tc-icon-action tc-search__context-toggle"
          tabIndex={tabIndex}
          aria-expanded={showContext}
          aria-controls={showContext ? contextId : undefined}
          aria-label={`Show context: lines ${Math.max(1, match.lineNumber - CONTEXT_LINES)}–${match.lineNumber + CONTEXT_LINES} around line ${match.lineNumber}`}
          title={`${showContext ? 'Hide' : 'Show'} ${CONTEXT_LINES} lines around this match, from the file as it is now`}
          onClick={() => onToggleContext(rovingKey)}
        >
          <span aria-hidden="true">±{CONTEXT_LINES}</span>
        </button>
      )}
      <LoggedContext lines={logged.after} lineChars={lineChars} side="after" />
      {fileSource && showContext && (
        <LoadFailureBoundary loading={<ContextLoading id={contextId} />} fallback={<ContextFailed id={contextId} message="its code did not load; reload the page to try again" />}>
          <MatchContext id={contextId} path={path} match={match} source={fileSource} />
        </LoadFailureBoundary>
      )}
    </>
  );
});
