/** Faster than this the person is flinging past the rows, not reading them: their cards wait. */
export const FLING_PX_PER_S = 1_500;
/** The speed is taken over the scroll positions of this last stretch of time. */
const PACE_WINDOW_MS = 250;
/** Fewer positions than this in the window are a jump and its settling, not a fling (250 ms holds three even at 10 frames a second). */
const FLING_MIN_POSITIONS = 3;
/** A fling has ended when no scroll came for this long. */
export const FLING_SETTLE_MS = 120;

interface ScrollPosition {
  time: number;
  top: number;
}

/**
 * How fast the timeline is being scrolled, from its scroll positions (time, offset): a fling
 * is a steady run of positions over 1,500 px/s. One write far away (a jump to a turn, a
 * permalink, following the end) restarts the count, so a jump and the corrections after it
 * are never a fling.
 */
export class ScrollPace {
  private positions: ScrollPosition[] = [];

  /** Notes where the scroller is at `time` (ms); true while that makes the scroll a fling. */
  note(time: number, top: number, viewportHeight: number): boolean {
    const last = this.positions.at(-1);
    if (last !== undefined && Math.abs(top - last.top) > viewportHeight) this.positions = [];
    this.positions.push({ time, top });
    const since = time - PACE_WINDOW_MS;
    while (this.positions.length > 1 && this.positions[0]!.time < since) this.positions.shift();
    if (this.positions.length < FLING_MIN_POSITIONS) return false;
    const first = this.positions[0]!;
    const elapsed = time - first.time;
    return elapsed > 0 && (Math.abs(top - first.top) * 1000) / elapsed > FLING_PX_PER_S;
  }

  /** The scroll stopped (or following took over): the next positions start afresh. */
  reset(): void {
    this.positions = [];
  }
}
