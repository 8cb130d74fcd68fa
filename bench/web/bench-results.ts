/**
 * How the bench page talks to the runner: the page publishes its phase and its result on
 * `window`; the runner (Playwright) waits for them and drives real input in between.
 */
/**
 * How the bench page talks to the runner: console messages carrying JSON after a marker —
 * no Playwright evaluate or locator runs in the page while it is being measured (those
 * inject Playwright's own script, a main-thread task of its own).
 */
export const BENCH_MESSAGE_MARKER = '__toolcards_bench__';

export type BenchMessage =
  /** The page wants real input; `at` is where to click (page coordinates). */
  | { phase: 'ready-for-input'; at: { x: number; y: number } }
  | { phase: 'done'; result: unknown }
  | { phase: 'failed'; error: string };

export function reportToRunner(message: BenchMessage): void {
  console.log(BENCH_MESSAGE_MARKER + JSON.stringify(message));
}

/** The centre of an element, for the runner's mouse. */
export function centreOf(element: Element): { x: number; y: number } {
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

export interface ReadCardResult {
  firstTextMs: number;
  visibleColouredMs: number;
  wholeColouredMs: number;
  longestTaskMs: number;
  longTasks: number;
  domRows: number;
  lastRowsColoured: boolean;
}

/** A terminal card of 10,000 output lines on a warm page, and the read card's first text as the baseline. */
export interface TerminalCardResult {
  terminalFirstTextMs: number;
  terminalLongestTaskMs: number;
  terminalDomRows: number;
  readFirstTextMs: number;
}

/** A read card of very long lines, then a normal TypeScript card while the first is still being highlighted. */
export interface LongLinesResult {
  /** From the normal card's render to its visible rows coloured. */
  normalVisibleColouredMs: number;
  /** From the long-lines card's render to its visible rows coloured. */
  longVisibleColouredMs: number;
  /** Longest main-thread task from the long-lines card's render until both cards' visible rows are coloured. */
  longestTaskMs: number;
}

/** The 2,000-line read arriving as a live frame through the store (live-read-scenario.tsx). */
export interface LiveReadResult {
  /** From the result frame's arrival to the card's first text painted. */
  firstTextMs: number;
  /** From the result frame's arrival to the visible rows coloured. */
  visibleColouredMs: number;
  longestTaskMs: number;
}

export interface SearchCardResult {
  renderMs: number;
  expandAllMs: number;
  /** Match rows the card holds (all 250, virtualized or not). */
  matchRows: number;
  /** Match rows and group headers in the DOM once expand-all is painted. */
  domRows: number;
  domHeaders: number;
}

export interface ReplayResult {
  firstRowsMs: number;
  caughtUpMs: number;
  rows: number;
  events: number;
  frameBytes: number;
  longestTaskMs: number;
}

export interface StreamingResult {
  events: number;
  sendSeconds: number;
  /** From the last event sent to it being on screen. */
  drainLagMs: number;
  longestTaskMs: number;
  longTasks: number;
  inputs: number;
  worstInputDelayMs: number;
  medianInputDelayMs: number;
  worstEventDurationMs: number;
  rows: number;
}
