import type { FileSeen, SeenLineRange } from '@toolcards/protocol';
import { formatCount } from '../frame/count-text';
import { coverageText, grepText } from './coverage-text';

/** A stretch of the file on the minimap, in percent of its height. */
export interface MinimapBand {
  top: number;
  height: number;
}

export interface MinimapMarks {
  /** This card's window. */
  window: MinimapBand;
  /** Every range the session read of the file (this window among them). */
  reads: MinimapBand[];
  /** Where grep matched, in percent from the top; close matches share one tick. */
  matches: number[];
  /** The minimap's tooltip: what it draws, in words. */
  title: string;
}

/** Ticks closer than this (percent of the height) are drawn as one. */
const TICK_STEP_PERCENT = 0.5;

function band([first, last]: SeenLineRange, totalLines: number): MinimapBand | undefined {
  const from = Math.max(1, first);
  const to = Math.min(totalLines, last);
  if (to < from) return undefined;
  return { top: ((from - 1) / totalLines) * 100, height: ((to - from + 1) / totalLines) * 100 };
}

/**
 * What a read card's minimap draws, scaled to the file as this card read it (`totalLines`):
 * undefined when there is nothing to place (an empty window or file). `seen` is the
 * session's record of the file, when the card has one.
 */
export function minimapMarks(window: SeenLineRange | undefined, totalLines: number, seen: FileSeen | undefined): MinimapMarks | undefined {
  if (window === undefined || totalLines <= 0) return undefined;
  const windowBand = band(window, totalLines);
  if (windowBand === undefined) return undefined;
  const reads = (seen?.read?.ranges ?? []).map((range) => band(range, totalLines)).filter((shown) => shown !== undefined);
  const ticks = new Set<number>();
  for (const line of seen?.grep?.lines ?? []) {
    if (line > totalLines) break;
    ticks.add(Math.floor(((line - 1) / totalLines) * 100 / TICK_STEP_PERCENT) * TICK_STEP_PERCENT);
  }
  const [first, last] = window;
  const parts = [`This card: ${first === last ? 'line' : 'lines'} ${formatCount(first)}${first === last ? '' : `–${formatCount(last)}`} of ${formatCount(totalLines)}`];
  if (seen?.read) parts.push(`read in this session: ${coverageText(seen.read)}`);
  if (seen?.grep) parts.push(grepText(seen.grep));
  return { window: windowBand, reads, matches: [...ticks], title: parts.join(' · ') };
}
