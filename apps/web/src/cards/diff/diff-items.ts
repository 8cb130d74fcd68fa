import type { DiffFile, DiffFileStatus, ReadFileLine } from '@toolcards/protocol';
import { changePairs } from './change-pairs';
import { firstLineOf, type DiffLineRow, type DiffSides } from './diff-rows';
import { splitRows, type SplitRow } from './split-rows';

/** Context lines kept on each side of a fold, as `diff -u` keeps around a change. */
export const FOLD_KEEP_LINES = 3;
/** A run of context is folded only when that hides at least this many lines. */
export const FOLD_MIN_LINES = 4;

export type DiffLayout = 'unified' | 'split';

/** What the reader opened in a file's diff: folds inside hunks, and lines brought into the gaps between them. */
export interface DiffExpansion {
  /** Keys of the folds opened (DiffItem `fold`). */
  openFolds: ReadonlySet<string>;
  /** Lines of the file now loaded into a gap, from its top; by the index of the hunk the gap is before. */
  gapLines: ReadonlyMap<number, readonly ReadFileLine[]>;
}

export const NOTHING_EXPANDED: DiffExpansion = { openFolds: new Set(), gapLines: new Map() };

/** One drawn row of a file's diff, full width or (layout `split`) a side-by-side pair. */
export type DiffItem =
  | { kind: 'hunk'; key: string; hunkIndex: number; header: string; newLine: number }
  /** Unified: a hunk line; `pair` is the line its word marks compare with. */
  | { kind: 'line'; key: string; row: DiffLineRow; pair?: DiffLineRow }
  | { kind: 'pair'; key: string; split: SplitRow }
  /** Unchanged lines of a hunk, folded: they are in the hunk, opened in place. */
  | { kind: 'fold'; key: string; count: number }
  /**
   * Unchanged lines between hunks, not in the diff: `loadable` when the file as it is now can
   * supply them (not for an added or deleted file, whose other side does not exist).
   */
  | { kind: 'gap'; key: string; gapIndex: number; count: number; oldFrom: number; newFrom: number; loadable: boolean }
  /** A line of the file now, brought into a gap: not part of the diff. */
  | { kind: 'file-line'; key: string; old: number; new: number; text: string; fileIndex: number };

/**
 * A file's rows as drawn: for each hunk the gap before it (folded, or the lines loaded into
 * it), its header, and its rows with long context runs folded. `fileIndex` of a file-line
 * places it in `fileLineTexts` (highlighted as one more sequence). Pure.
 */
export function diffItems(
  sides: DiffSides,
  status: DiffFileStatus,
  layout: DiffLayout,
  expansion: DiffExpansion = NOTHING_EXPANDED,
  /** The file's length now, when known: the lines after the last hunk are a gap too. */
  totalLinesNow?: number,
): { items: DiffItem[]; fileLineTexts: string[] } {
  const items: DiffItem[] = [];
  const fileLineTexts: string[] = [];
  const loadable = status === 'modified' || status === 'renamed';
  let oldEnd = 1;
  let newEnd = 1;
  const gap = (gapIndex: number, gapCount: number) => {
    const loaded = (expansion.gapLines.get(gapIndex) ?? []).slice(0, gapCount);
    loaded.forEach((line, at) => {
      items.push({ kind: 'file-line', key: `g${gapIndex}:${at}`, old: oldEnd + at, new: newEnd + at, text: line.text, fileIndex: fileLineTexts.push(line.text) - 1 });
    });
    const left = gapCount - loaded.length;
    if (left > 0) items.push({ kind: 'gap', key: `g${gapIndex}`, gapIndex, count: left, oldFrom: oldEnd + loaded.length, newFrom: newEnd + loaded.length, loadable });
  };
  sides.hunks.forEach(({ hunk, rows, header, newLine }, hunkIndex) => {
    const oldFirst = firstLineOf(hunk.oldStart, hunk.oldLines);
    const newFirst = firstLineOf(hunk.newStart, hunk.newLines);
    const gapCount = Math.max(0, newFirst - newEnd, oldFirst - oldEnd);
    if (gapCount > 0) gap(hunkIndex, gapCount);
    items.push({ kind: 'hunk', key: `h${hunkIndex}`, hunkIndex, header, newLine });
    for (const segment of foldedSegments(rows, hunkIndex, expansion.openFolds)) {
      if (segment.kind === 'fold') items.push(segment);
      else pushRowItems(items, rows, segment.from, segment.to, hunkIndex, layout);
    }
    oldEnd = oldFirst + hunk.oldLines;
    newEnd = newFirst + hunk.newLines;
  });
  // After the last hunk: the rest of the file now (its gap is numbered after the hunks).
  if (loadable && totalLinesNow !== undefined && sides.hunks.length > 0 && totalLinesNow >= newEnd) gap(sides.hunks.length, totalLinesNow - newEnd + 1);
  return { items, fileLineTexts };
}

type Segment = { kind: 'rows'; from: number; to: number } | Extract<DiffItem, { kind: 'fold' }>;

/** A hunk's rows cut around its long context runs: what is folded, and what is drawn. */
function foldedSegments(rows: readonly DiffLineRow[], hunkIndex: number, openFolds: ReadonlySet<string>): Segment[] {
  const segments: Segment[] = [];
  let drawnFrom = 0;
  let index = 0;
  while (index < rows.length) {
    if (rows[index]!.kind !== 'context') {
      index += 1;
      continue;
    }
    const from = index;
    while (index < rows.length && rows[index]!.kind === 'context') index += 1;
    // Keep context next to a change; a run at the hunk's edge has a change on one side only.
    const foldFrom = from === 0 ? 0 : from + FOLD_KEEP_LINES;
    const foldTo = index === rows.length ? rows.length : index - FOLD_KEEP_LINES;
    const key = `f${hunkIndex}:${from}`;
    if (foldTo - foldFrom < FOLD_MIN_LINES || openFolds.has(key)) continue;
    if (foldFrom > drawnFrom) segments.push({ kind: 'rows', from: drawnFrom, to: foldFrom });
    segments.push({ kind: 'fold', key, count: foldTo - foldFrom });
    drawnFrom = foldTo;
  }
  if (drawnFrom < rows.length) segments.push({ kind: 'rows', from: drawnFrom, to: rows.length });
  return segments;
}

/** A segment's rows as items, pushed onto `items`: no copy of the rows or of the items (a 2,000-line hunk is this many on the card's first render). */
function pushRowItems(items: DiffItem[], rows: readonly DiffLineRow[], from: number, to: number, hunkIndex: number, layout: DiffLayout): void {
  switch (layout) {
    case 'unified': {
      const pairs = changePairs(rows, from, to);
      for (let at = from; at < to; at += 1) {
        const paired = pairs[at - from];
        items.push(paired === undefined ? { kind: 'line', key: `r${hunkIndex}:${at}`, row: rows[at]! } : { kind: 'line', key: `r${hunkIndex}:${at}`, row: rows[at]!, pair: rows[paired]! });
      }
      return;
    }
    case 'split':
      splitRows(rows.slice(from, to)).forEach((split, at) => items.push({ kind: 'pair', key: `p${hunkIndex}:${from}:${at}`, split }));
      return;
  }
}

/** The path a file's diff links to: where its new text is (none for a deleted file). */
export function linkedPath(file: Pick<DiffFile, 'path' | 'status'>): string | undefined {
  return file.status === 'deleted' ? undefined : file.path;
}
