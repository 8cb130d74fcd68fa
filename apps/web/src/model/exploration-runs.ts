import type { TimelineRow, ToolRow } from './timeline-row';

/**
 * Folded exploration (issue 30, decision 0021): a run of 3 or more consecutive read/search
 * calls with no user or assistant text between them shows as one fold — a header ("Explored
 * 12 files · 4 searches") and one compact line per call, each opening in place to its card.
 * Every call keeps a display row of its own (a line or its card), so the virtualizer still
 * measures and places each one: a 300-call run is 301 display rows, never one tall row.
 *
 * To jump to a call (a navigator entry, a pin) ask the store to reveal its seq
 * (`store.revealFound(seq, {})`, or a link `#/s/<id>/<seq>`): the timeline opens the call in its
 * fold before scrolling to it (timeline/use-folded-rows.ts). Decision 0021.
 */

/** compact: runs fold (the default); full: every card at full size, no folds. */
export type Density = 'compact' | 'full';

/** A run folds from this many calls. */
export const MIN_FOLDED_RUN = 3;

export type ExplorationCallKind = 'read' | 'search';

/** A run of consecutive read/search calls, in the timeline's rows. */
export interface ExplorationRun {
  /** `fold:` + its first call's row key: stable while the run grows at its end. */
  key: string;
  /** Its first and last rows' indexes in the timeline rows (inclusive). */
  firstIndex: number;
  lastIndex: number;
  calls: readonly ToolRow[];
  /** Distinct paths read. */
  files: number;
  reads: number;
  searches: number;
  errors: number;
  /** Calls without a result yet (not cancelled). */
  running: number;
}

/** Which folds and calls are open: the person's choices, and the cards drawn before their run folded. */
export interface FoldOpenings {
  /** Folds shown whole ("Expand all"), by fold key. */
  expanded: ReadonlySet<string>;
  /** Calls shown as their card inside a fold, by row key. */
  openCalls: ReadonlySet<string>;
}

export const NO_OPENINGS: FoldOpenings = { expanded: new Set(), openCalls: new Set() };
const NO_KEYS: ReadonlySet<string> = new Set();

/** One row the timeline draws: a row as it is, a fold's header, or a call inside a fold. */
export type DisplayRow =
  | { kind: 'row'; key: string; row: TimelineRow }
  | { kind: 'fold-header'; key: string; run: ExplorationRun; expanded: boolean }
  /** Keyed by its row's key: the same call keeps its measured height and scroll anchor when its run folds. */
  | { kind: 'fold-call'; key: string; row: ToolRow; foldKey: string; open: boolean; last: boolean };

export interface FoldedTimeline {
  rows: readonly DisplayRow[];
  /** Timeline row index → display row index (every row has one: a fold's calls keep theirs). */
  displayIndexOfRow: (rowIndex: number) => number | undefined;
  /** The fold the row at `rowIndex` is in, if any. */
  runOfRow: (rowIndex: number) => ExplorationRun | undefined;
}

/** Whether a row is a read or a search call (ours or an imported agent's: both name the card kind in their views). */
export function explorationKindOf(row: TimelineRow): ExplorationCallKind | undefined {
  if (row.kind !== 'tool' || row.call === undefined) return undefined;
  // The call view names its kind (read/search) — also when the result failed and is a generic card.
  const kind = fieldOf(row.call.view, 'kind');
  if (kind === 'read' || kind === 'search') return kind;
  const card = fieldOf(row.result?.view, 'card');
  return card === 'read' || card === 'search' ? card : undefined;
}

/**
 * A model's read or search joins a run. A person's own command (`/read`, a click-through read)
 * does not: it was asked for to be looked at, so it stays a card and ends the run before it.
 */
function joinsRun(row: TimelineRow): row is ToolRow {
  return row.kind === 'tool' && row.call?.origin === 'model' && explorationKindOf(row) !== undefined;
}

/** Text between calls breaks a run; an empty assistant message (a model going straight to tools) does not. */
function breaksRun(row: TimelineRow): boolean {
  return row.kind !== 'assistant-message' || row.text.trim() !== '';
}

/**
 * Every run of 3+ read/search calls, in order. `drawn`: calls already drawn as cards at the
 * end of a live timeline before their run reached three. They stay cards above the fold,
 * which starts at the first call not drawn — so the fold appears where the new call does and
 * nothing above it moves (a header inserted above them would push them down).
 */
export function explorationRuns(rows: readonly TimelineRow[], drawn: ReadonlySet<string> = NO_KEYS): ExplorationRun[] {
  const runs: ExplorationRun[] = [];
  let start = -1;
  let calls: ToolRow[] = [];
  const close = (lastIndex: number) => {
    if (calls.length >= MIN_FOLDED_RUN) {
      let skipped = 0;
      while (skipped < calls.length && drawn.has(calls[skipped]!.key)) skipped += 1;
      if (skipped < calls.length) {
        const firstIndex = skipped === 0 ? start : rows.indexOf(calls[skipped]!, start);
        runs.push(runOf(calls.slice(skipped), firstIndex, lastIndex));
      }
    }
    start = -1;
    calls = [];
  };
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index]!;
    if (joinsRun(row)) {
      if (start === -1) start = index;
      calls.push(row);
      continue;
    }
    if (!breaksRun(row)) continue;
    if (start !== -1) close(lastCallIndex(rows, index));
  }
  if (start !== -1) close(lastCallIndex(rows, rows.length));
  return runs;
}

/** The last call's index before `end` (an empty assistant message may sit between it and the breaking row). */
function lastCallIndex(rows: readonly TimelineRow[], end: number): number {
  let index = end - 1;
  while (index > 0 && rows[index]!.kind !== 'tool') index -= 1;
  return index;
}

function runOf(calls: readonly ToolRow[], firstIndex: number, lastIndex: number): ExplorationRun {
  const paths = new Set<string>();
  let reads = 0;
  let errors = 0;
  let running = 0;
  for (const call of calls) {
    if (call.result?.isError) errors += 1;
    else if (call.result === undefined && !call.cancelled) running += 1;
    if (explorationKindOf(call) !== 'read') continue;
    reads += 1;
    const path = readPathOf(call);
    if (path !== undefined) paths.add(path);
  }
  return { key: `fold:${calls[0]!.key}`, firstIndex, lastIndex, calls, files: paths.size, reads, searches: calls.length - reads, errors, running };
}

/** The path a read call names: its result's, else its call's first location (a pending or failed read). */
export function readPathOf(row: ToolRow): string | undefined {
  const path = fieldOf(row.result?.view, 'path');
  if (typeof path === 'string') return path;
  const locations = fieldOf(row.call?.view, 'locations');
  const first: unknown = Array.isArray(locations) ? locations[0] : undefined;
  const located = fieldOf(first, 'path');
  return typeof located === 'string' ? located : undefined;
}

/**
 * The rows the timeline draws. Full density: the rows as they are. Compact: each run becomes
 * its header then one display row per call — a compact line, or its card when the fold is
 * expanded or the call was opened. `drawn`: see `explorationRuns`.
 */
export function foldedTimeline(rows: readonly TimelineRow[], density: Density, openings: FoldOpenings = NO_OPENINGS, drawn: ReadonlySet<string> = NO_KEYS): FoldedTimeline {
  const runs = density === 'compact' ? explorationRuns(rows, drawn) : [];
  if (runs.length === 0) return { rows: rows.map(plainRow), displayIndexOfRow: (index) => (index >= 0 && index < rows.length ? index : undefined), runOfRow: () => undefined };
  const display: DisplayRow[] = [];
  const displayIndex = new Int32Array(rows.length);
  const runIndex = new Int32Array(rows.length).fill(-1);
  let next = 0;
  runs.forEach((run, which) => {
    for (; next < run.firstIndex; next += 1) {
      displayIndex[next] = display.length;
      display.push(plainRow(rows[next]!));
    }
    const expanded = openings.expanded.has(run.key);
    display.push({ kind: 'fold-header', key: run.key, run, expanded });
    for (; next <= run.lastIndex; next += 1) {
      const row = rows[next]!;
      displayIndex[next] = display.length;
      runIndex[next] = which;
      // An empty assistant message inside the run draws nothing of its own: it stays a plain (empty) row.
      if (row.kind !== 'tool') display.push(plainRow(row));
      else display.push({ kind: 'fold-call', key: row.key, row, foldKey: run.key, open: expanded || openings.openCalls.has(row.key), last: next === run.lastIndex });
    }
  });
  for (; next < rows.length; next += 1) {
    displayIndex[next] = display.length;
    display.push(plainRow(rows[next]!));
  }
  return {
    rows: display,
    displayIndexOfRow: (index) => (index >= 0 && index < rows.length ? displayIndex[index] : undefined),
    runOfRow: (index) => (index >= 0 && index < rows.length && runIndex[index]! >= 0 ? runs[runIndex[index]!] : undefined),
  };
}

// A row's display row is the same object while the row is: memoized row views are not rendered again.
const plainRows = new WeakMap<TimelineRow, DisplayRow>();
function plainRow(row: TimelineRow): DisplayRow {
  let display = plainRows.get(row);
  if (!display) plainRows.set(row, (display = { kind: 'row', key: row.key, row }));
  return display;
}

/** "Explored 12 files · 4 searches · 1 error". */
export function runSummaryText(run: Pick<ExplorationRun, 'files' | 'reads' | 'searches' | 'errors' | 'running'>): string {
  const parts: string[] = [];
  // A read whose path is unknown still counts as a file looked at.
  const files = Math.max(run.files, run.reads > 0 ? 1 : 0);
  if (files > 0) parts.push(plural(files, 'file', 'files'));
  if (run.searches > 0) parts.push(plural(run.searches, 'search', 'searches'));
  const head = `${run.running > 0 ? 'Exploring' : 'Explored'} ${parts.join(' · ')}`;
  return run.errors > 0 ? `${head} · ${plural(run.errors, 'error', 'errors')}` : head;
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

function fieldOf(value: unknown, field: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;
}

// ── Opening and closing (pure: each returns new openings) ──

/** A call's line opened to its card, or its card folded back to a line. */
export function toggleCall(openings: FoldOpenings, rowKey: string, open: boolean): FoldOpenings {
  if (openings.openCalls.has(rowKey) === open) return openings;
  const openCalls = new Set(openings.openCalls);
  if (open) openCalls.add(rowKey);
  else openCalls.delete(rowKey);
  return { ...openings, openCalls };
}

/** "Expand all" (every call's card) or "Collapse all" (every call a line again, the ones opened one by one too). */
export function setRunExpanded(openings: FoldOpenings, run: ExplorationRun, expanded: boolean): FoldOpenings {
  const expandedSet = new Set(openings.expanded);
  if (expanded) expandedSet.add(run.key);
  else expandedSet.delete(run.key);
  if (expanded) return { ...openings, expanded: expandedSet };
  const openCalls = new Set(openings.openCalls);
  for (const call of run.calls) openCalls.delete(call.key);
  return { expanded: expandedSet, openCalls };
}

/** Calls opened without a person asking: a revealed call (find, a link, a jump). */
export function openCalls(openings: FoldOpenings, rowKeys: Iterable<string>): FoldOpenings {
  let next: Set<string> | undefined;
  for (const key of rowKeys) {
    if ((next ?? openings.openCalls).has(key)) continue;
    next ??= new Set(openings.openCalls);
    next.add(key);
  }
  return next ? { ...openings, openCalls: next } : openings;
}
