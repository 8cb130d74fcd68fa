import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { MAX_FILE_LINES_REQUEST, type CallLocation, type DiffFile, type ReadFileLine } from '@toolcards/protocol';
import { useHighlightedLines } from '../../highlight/use-highlighted-lines';
import { PreviewToggle, useCardPreview } from '../frame/card-preview';
import { countText, formatCount } from '../frame/count-text';
import { EditorActions } from '../frame/editor-actions';
import { useRowsWithPage } from '../frame/use-rows-with-page';
import { noLayoutReadsOnMount } from '../../ui/no-layout-reads-on-mount';
import type { FileSource } from '../../net/file-source';
import { widestColumns } from '../read/code-columns';
import { ROW_TEXT_MAX_CHARS, shownLength } from '../read/row-text-cap';
import { diffItems, linkedPath, type DiffExpansion, type DiffItem, type DiffLayout } from './diff-items';
import { diffSides } from './diff-rows';
import { FileLineRow, SplitDiffRow, UnifiedDiffRow, tokensOf, type SideTokens } from './diff-line-row';
import { headColoured, sideHead, withHead } from './side-heads';
import { useWordChanges } from './use-word-changes';
import { whenIdle } from './when-idle';
import './diff-card.css';

const NO_TEXTS: readonly string[] = [];

/** Above this many rows only the rows in and near the viewport are rendered. */
export const VIRTUALIZE_ABOVE_ROWS = 200;
/** The preview's height (the body is clipped there until expanded), and so the virtualizer's first guess at its size. */
export const DIFF_VIEWPORT_HEIGHT_PX = 448;
/** Must match the unified row height in diff-card.css. */
const ROW_HEIGHT_PX = 20;
const OVERSCAN_ROWS = 20;

interface DiffFileBodyProps {
  file: Pick<DiffFile, 'path' | 'status' | 'lang' | 'hunks'>;
  layout?: DiffLayout;
  /** The file now: gaps between hunks can be expanded from it. */
  fileSource?: FileSource;
  /** A hunk's "Open at line N": the shell reads the file there. */
  onOpenLocation?: (location: CallLocation) => void;
  /** Editor links on each hunk (not in a stale read's diff, whose card has its own). */
  hunkLinks?: boolean;
  /** The accessible name of the scrolling region. */
  label: string;
  /** The file's index in its card's view (find in session's address of a line). */
  fileIndex?: number;
  /** The file's length now, once known: the lines after the last hunk can be expanded too. */
  totalLinesNow?: number;
}

/**
 * The hunk view — the one diff component of the app (the diff card's files, a stale read's
 * "Show changes"): two gutters, each side highlighted as its own sequence, changed words
 * marked, long unchanged runs folded, gaps between hunks expandable from the file now.
 */
export function DiffFileBody({ file, layout = 'unified', fileSource, onOpenLocation, hunkLinks = true, label, fileIndex = 0, totalLinesNow }: DiffFileBodyProps) {
  const sides = useMemo(() => diffSides(file), [file]);
  const [expansion, setExpansion] = useState<DiffExpansion>(() => ({ openFolds: new Set(), gapLines: new Map() }));
  const [gapState, setGapState] = useState<{ loading?: number; error?: string }>({});
  const [whole, setWhole] = useState<ReadonlySet<string>>(() => new Set());
  // Without a source nothing can be loaded: no trailing gap then.
  const trailing = fileSource ? totalLinesNow : undefined;
  const { items, fileLineTexts } = useMemo(() => diffItems(sides, file.status, layout, expansion, trailing), [sides, file.status, layout, expansion, trailing]);
  // Each long side's head first (one worker chunk each), the full sides once both heads are coloured (side-heads.ts).
  const heads = useMemo(() => ({ old: sideHead(sides.oldTexts), new: sideHead(sides.newTexts) }), [sides]);
  const oldHeadTokens = useHighlightedLines(file.lang, heads.old);
  const newHeadTokens = useHighlightedLines(file.lang, heads.new);
  const headsColoured = headColoured(heads.old, oldHeadTokens) && headColoured(heads.new, newHeadTokens);
  const oldTokens = useHighlightedLines(file.lang, headsColoured ? sides.oldTexts : NO_TEXTS);
  const newTokens = useHighlightedLines(file.lang, headsColoured ? sides.newTexts : NO_TEXTS);
  const fileLineTokens = useHighlightedLines(file.lang, fileLineTexts);
  const tokens: SideTokens = useMemo(
    () => ({ old: withHead(oldTokens, oldHeadTokens), new: withHead(newTokens, newHeadTokens) }),
    [oldTokens, newTokens, oldHeadTokens, newHeadTokens],
  );
  // The widest line as drawn, from the texts of each side (not from the rows): asked by a long diff's viewport.
  const widestLine = useCallback(() => Math.max(drawnColumns(sides.oldTexts), drawnColumns(sides.newTexts), drawnColumns(fileLineTexts)), [sides, fileLineTexts]);
  const hasPairs = useMemo(() => items.some((item) => (item.kind === 'line' && item.pair !== undefined) || (item.kind === 'pair' && item.split.left?.kind === 'removed' && item.split.right?.kind === 'added')), [items]);
  const wordChanges = useWordChanges(hasPairs);
  const showWhole = useCallback((key: string) => setWhole((current) => (current.has(key) ? current : new Set(current).add(key))), []);
  const openFold = useCallback((key: string) => setExpansion((current) => ({ ...current, openFolds: new Set(current.openFolds).add(key) })), []);
  const path = linkedPath(file);
  const canLoad = fileSource !== undefined && path !== undefined;

  const expandGap = useCallback(
    (gap: Extract<DiffItem, { kind: 'gap' }>) => {
      if (!fileSource || !path || gapState.loading !== undefined) return;
      setGapState({ loading: gap.gapIndex });
      const limit = Math.min(gap.count, MAX_FILE_LINES_REQUEST);
      fileSource
        .lines(path, gap.newFrom, limit)
        .then((answer) => {
          const got = answer.lines.filter((line) => line.number >= gap.newFrom && line.number < gap.newFrom + limit);
          if (got.length === 0) throw new Error(`${path} has no line ${formatCount(gap.newFrom)} now`);
          setExpansion((current) => {
            const gapLines = new Map(current.gapLines);
            gapLines.set(gap.gapIndex, [...(current.gapLines.get(gap.gapIndex) ?? []), ...got] satisfies ReadFileLine[]);
            return { ...current, gapLines };
          });
          setGapState({});
        })
        .catch((failure: unknown) => setGapState({ error: failure instanceof Error ? failure.message : String(failure) }));
    },
    [fileSource, path, gapState.loading],
  );

  const renderItem = (item: DiffItem, index: number, placement: { style?: CSSProperties; rowRef?: (element: Element | null) => void }): ReactNode => {
    const common = { index, fileIndex, style: placement.style, rowRef: placement.rowRef, rowKey: item.key, whole: whole.has(item.key), onShowWhole: showWhole };
    switch (item.kind) {
      case 'hunk':
        return (
          <div key={item.key} ref={placement.rowRef} className="tc-diff__hunk" data-index={index} style={placement.style}>
            <span className="tc-diff__hunk-range">{item.header}</span>
            {path !== undefined && onOpenLocation && (
              <button type="button" className="tc-card__action tc-diff__open" title={`read ${path} from line ${item.newLine}`} onClick={() => onOpenLocation({ path, line: item.newLine })}>
                Line {formatCount(item.newLine)}
              </button>
            )}
            {path !== undefined && hunkLinks && <EditorActions path={path} line={item.newLine} />}
          </div>
        );
      case 'line':
        return <UnifiedDiffRow key={item.key} {...common} row={item.row} pair={item.pair} tokens={tokensOf(item.row, tokens)} wordChanges={wordChanges} />;
      case 'pair':
        return (
          <SplitDiffRow
            key={item.key}
            {...common}
            left={item.split.left}
            right={item.split.right}
            leftTokens={item.split.left && tokensOf(item.split.left, tokens)}
            rightTokens={item.split.right && tokensOf(item.split.right, tokens)}
            wordChanges={wordChanges}
          />
        );
      case 'fold':
        return (
          <div key={item.key} ref={placement.rowRef} className="tc-diff__fold" data-index={index} style={placement.style}>
            <button type="button" className="tc-card__action" onClick={() => openFold(item.key)}>
              Expand {countText(item.count, 'unchanged line', 'unchanged lines')}
            </button>
          </div>
        );
      case 'gap': {
        const step = Math.min(item.count, MAX_FILE_LINES_REQUEST);
        return (
          <div key={item.key} ref={placement.rowRef} className="tc-diff__fold is-gap" data-index={index} style={placement.style}>
            {item.loadable && canLoad ? (
              <button
                type="button"
                className="tc-card__action"
                title="lines of the file as it is now, not part of the diff"
                disabled={gapState.loading !== undefined}
                onClick={() => expandGap(item)}
              >
                {gapState.loading === item.gapIndex ? 'Loading…' : step === item.count ? `Expand ${countText(item.count, 'line', 'lines')}` : `Expand ${formatCount(step)} of ${formatCount(item.count)} lines`}
              </button>
            ) : (
              <span className="tc-diff__gap-text">{countText(item.count, 'unchanged line', 'unchanged lines')}</span>
            )}
          </div>
        );
      }
      case 'file-line':
        return <FileLineRow key={item.key} {...common} old={item.old} new={item.new} text={item.text} tokens={fileLineTokens[item.fileIndex]} split={layout === 'split'} />;
    }
  };

  if (items.length === 0) return null;
  return (
    <>
      <DiffViewport items={items} layout={layout} label={label} widestLine={widestLine} renderItem={renderItem} />
      {gapState.error !== undefined && (
        <p role="alert" className="tc-read__grow-note">
          Could not load the lines: {gapState.error}
        </p>
      )}
    </>
  );
}

interface DiffViewportProps {
  items: readonly DiffItem[];
  layout: DiffLayout;
  label: string;
  /** The widest line the rows draw, in columns (unified rows are as wide, for the sideways scroll). */
  widestLine: () => number;
  renderItem: (item: DiffItem, index: number, placement: { style?: CSSProperties; rowRef?: (element: Element | null) => void }) => ReactNode;
}

/**
 * The box of a file's rows, shown as a preview (decision 0016: clipped at DIFF_VIEWPORT_HEIGHT_PX,
 * "Show all N lines" under it, the timeline the only scroller; a find hit or a focused row past
 * the cut expands it). Above VIRTUALIZE_ABOVE_ROWS rows only the rows in view are rendered:
 * clipped, those of the preview; expanded, those of the part of the card the timeline shows.
 */
function DiffViewport({ items, layout, label, widestLine, renderItem }: DiffViewportProps) {
  // State, not a ref: the virtualizer must re-render once it has its scroll element. That render is a
  // transition: the first one already drew the rows on screen (from the virtualizer's initialRect), so
  // it waits for a later task instead of doubling the card's first one (as the read card's viewport does).
  const [viewport, setViewportNow] = useState<HTMLDivElement | null>(null);
  const setViewport = useCallback((element: HTMLDivElement | null) => startTransition(() => setViewportNow(element)), []);
  const digits = useMemo(() => String(maxLineNumber(items)).length, [items]);
  const lineCount = useMemo(() => countLineItems(items), [items]);
  const virtual = items.length > VIRTUALIZE_ABOVE_ROWS;
  // Unified rows are 20 px; split rows wrap, so their height is a guess from the same number.
  const preview = useCardPreview({ bodyHeight: items.length * ROW_HEIGHT_PX, previewHeight: DIFF_VIEWPORT_HEIGHT_PX, expandOnScroll: true });
  const style = { '--tc-diff-digits': Math.max(2, digits), ...preview.boxProps.style } as CSSProperties;
  const columns = useWidestLine(virtual && layout === 'unified', widestLine);
  const minWidth = layout === 'unified' && columns > 0 ? `calc(${columns}ch + var(--tc-diff-gutters) + 2rem)` : undefined;
  return (
    <>
      <div
        ref={setViewport}
        className={`tc-code-box tc-diff__viewport is-${layout}`}
        style={style}
        data-preview={preview.boxProps['data-preview']}
        onScroll={preview.boxProps.onScroll}
        tabIndex={0}
        role="region"
        aria-label={label}
      >
        {virtual ? (
          <VirtualRows viewport={viewport} withPage={!preview.clipped} items={items} layout={layout} minWidth={minWidth} renderItem={renderItem} />
        ) : (
          <div className="tc-diff__rows">{items.map((item, index) => renderItem(item, index, {}))}</div>
        )}
      </div>
      <PreviewToggle preview={preview} count={lineCount} noun={['line', 'lines']} />
    </>
  );
}

/**
 * The widest line of a long unified diff, in columns: its rows are as wide, for the sideways scroll.
 * A scan of every line, so when the page is next idle, after the rows and their colours (0 until then:
 * the rows are as wide as the box, a long line overflows it).
 */
function useWidestLine(needed: boolean, widestLine: () => number): number {
  const [columns, setColumns] = useState(0);
  useEffect(() => {
    if (!needed) return undefined;
    let live = true;
    void whenIdle(WIDEST_LINE_IDLE_TIMEOUT_MS).then(() => {
      if (live) setColumns(widestLine());
    });
    return () => {
      live = false;
    };
  }, [needed, widestLine]);
  // A stale width (lines brought into a gap since) stays until the new one is known.
  return needed ? columns : 0;
}
const WIDEST_LINE_IDLE_TIMEOUT_MS = 1_000;

/** The rows that are lines (not a hunk's header, a fold or a gap): what "Show all N lines" counts. */
function countLineItems(items: readonly DiffItem[]): number {
  let count = 0;
  for (const item of items) if (item.kind === 'line' || item.kind === 'pair' || item.kind === 'file-line') count += 1;
  return count;
}

interface VirtualRowsProps {
  viewport: HTMLDivElement | null;
  /** The card shows whole (expanded): the rows scroll with the page, virtualized against its scroller. */
  withPage: boolean;
  items: readonly DiffItem[];
  layout: DiffLayout;
  minWidth: string | undefined;
  renderItem: DiffViewportProps['renderItem'];
}

function VirtualRows({ viewport, withPage, items, layout, minWidth, renderItem }: VirtualRowsProps) {
  const rowsRef = useRef<HTMLDivElement>(null);
  const { scrollOptions } = useRowsWithPage(viewport, rowsRef, withPage);
  const virtualizer = useVirtualizer<HTMLElement, Element>({
    count: items.length,
    estimateSize: () => ROW_HEIGHT_PX,
    // The card's first render draws the rows on screen only; the rows around them come with
    // the next one (once the viewport is known, a transition): fewer rows to lay out first.
    overscan: viewport ? OVERSCAN_ROWS : 0,
    // The first paint (and a test DOM without layout) still shows a screenful.
    initialRect: { width: 800, height: DIFF_VIEWPORT_HEIGHT_PX },
    useFlushSync: false,
    ...noLayoutReadsOnMount<HTMLElement>(),
    ...scrollOptions,
  });
  return (
    <div ref={rowsRef} className="tc-diff__rows tc-diff__rows--virtual" style={{ height: virtualizer.getTotalSize(), minWidth }}>
      {virtualizer.getVirtualItems().map((virtual) =>
        renderItem(items[virtual.index]!, virtual.index, {
          style: { position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${virtual.start}px)` },
          // Split rows wrap: measured. Unified rows, headers and folds included, are one fixed 20 px row (diff-card.css):
          // never measured, so the card's first task forces no layout.
          rowRef: layout === 'split' ? virtualizer.measureElement : undefined,
        }),
      )}
    </div>
  );
}

/** The widest of these lines as their rows draw them, in columns: a huge line counts as far as it is cut (row-text-cap). */
function drawnColumns(texts: readonly string[]): number {
  return widestColumns(texts.some((text) => text.length > ROW_TEXT_MAX_CHARS) ? texts.map((text) => text.slice(0, shownLength(text))) : texts);
}

/**
 * The widest number the gutters show: line numbers only grow down a file's rows, so the last
 * row with an old number and the last with a new one hold it (a scan from the end, not over a
 * long diff's every row).
 */
function maxLineNumber(items: readonly DiffItem[]): number {
  let old: number | undefined;
  let now: number | undefined;
  for (let index = items.length - 1; index >= 0 && (old === undefined || now === undefined); index -= 1) {
    const item = items[index]!;
    if (item.kind === 'line') {
      if (item.row.kind !== 'added') old ??= item.row.old;
      if (item.row.kind !== 'removed') now ??= item.row.new;
    } else if (item.kind === 'file-line') {
      old ??= item.old;
      now ??= item.new;
    } else if (item.kind === 'pair') {
      if (item.split.left) old ??= item.split.left.old;
      if (item.split.right) now ??= item.split.right.new;
    }
  }
  return Math.max(1, old ?? 0, now ?? 0);
}
