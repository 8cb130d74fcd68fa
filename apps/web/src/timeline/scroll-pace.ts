/** Faster than this the person is flinging past the rows, not reading them: their cards wait. */
export const FLING_PX_PER_S = 1_500;
/** Positions older than this say nothing about the scroll now. */
const PACE_MEMORY_MS = 500;
/** The speed is taken over at least this stretch of the latest positions (a steady figure)… */
const PACE_SPAN_MS = 100;
/** …and at least this many: fewer are a jump and its settling, not a fling. */
const FLING_MIN_POSITIONS = 3;
/** A fling has ended when no scroll came for this long (and a whole frame went by without one). */
export const FLING_SETTLE_MS = 120;

interface ScrollPosition {
  time: number;
  top: number;
}

/**
 * How fast the timeline is being scrolled, from its scroll positions (time, offset): a fling
 * is a steady run of positions over 1,500 px/s, taken over the latest 100 ms and at least three
 * positions (on a loaded page, frames 200 ms apart still make one). One write farther than a
 * viewport (a jump to a turn, a permalink, following the end) restarts the count, so a jump
 * and the corrections after it are never a fling.
 */
export class ScrollPace {
  private positions: ScrollPosition[] = [];

  /** Notes where the scroller is at `time` (ms); true while that makes the scroll a fling. */
  note(time: number, top: number, viewportHeight: number): boolean {
    const last = this.positions.at(-1);
    if (last !== undefined && Math.abs(top - last.top) > viewportHeight) this.positions = [];
    this.positions.push({ time, top });
    while (this.positions[0]!.time < time - PACE_MEMORY_MS) this.positions.shift();
    let from = this.positions.length - 1;
    while (from > 0 && (this.positions.length - from < FLING_MIN_POSITIONS || time - this.positions[from]!.time < PACE_SPAN_MS)) from -= 1;
    if (this.positions.length - from < FLING_MIN_POSITIONS) return false;
    const first = this.positions[from]!;
    const elapsed = time - first.time;
    return elapsed > 0 && (Math.abs(top - first.top) * 1000) / elapsed > FLING_PX_PER_S;
  }

  /** The scroll stopped (or following took over): the next positions start afresh. */
  reset(): void {
    this.positions = [];
  }
}
