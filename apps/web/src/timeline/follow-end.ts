/**
 * Whether the timeline follows its end, from scroll positions alone (the virtualizer's
 * numbers, never the DOM's). Following brings each new row into view: the newest row's top
 * when it is taller than the view (its header, counts and actions are what a new result
 * shows first), else the end. The timeline holds that place while the row settles (measured,
 * coloured, its result replacing the call) until the person scrolls, clicks or types in the
 * timeline: from then on growth they cause (Show all, lines above) leaves the view where it is.
 *
 * Not holding, a scroll that ends within `thresholdPx` of the end follows; a scroll up that
 * ends short of it stops following. A scroll down short of the end changes nothing: while
 * rows arrive faster than the follow scroll lands, the end runs ahead of every scroll
 * position, and that is no reason to stop. Decision 0005 (scrolling) tells the whole rule.
 */
export interface FollowState {
  following: boolean;
  /** The view is held at the follow target while the newest row settles (no input since it came). */
  holding: boolean;
  /** The scroll offset last seen. */
  offset: number;
  /** The rows' total height last seen. */
  total: number;
  /** The offset the timeline itself last wrote (its follow scroll). */
  written: number;
}

export const FOLLOWING_FROM_TOP: FollowState = { following: true, holding: true, offset: 0, total: 0, written: 0 };

/** What the virtualizer reports after a scroll or a resize. */
export interface ScrollReport {
  offset: number;
  /** The rows' total height. */
  total: number;
  distanceFromEnd: number;
}

export function followAfterScroll(state: FollowState, { offset, total, distanceFromEnd }: ScrollReport, thresholdPx: number): FollowState {
  if (offset === state.offset && total === state.total) return state;
  // Held, the move is the timeline's own write or the layout's (rows measured, anchored):
  // a scroll by anything else (a script, the browser's find, a scroll bar) lets go.
  if (state.holding && (offset === state.offset || total !== state.total || Math.abs(offset - state.written) <= 1)) return { ...state, offset, total };
  const following = distanceFromEnd <= thresholdPx ? true : movedUp(state, offset) ? false : state.following;
  return { ...state, following, holding: false, offset, total };
}

/**
 * Up from where the view last was: the offset last seen, or the timeline's own write when that
 * came after it. A wheel the compositor scrolled before the timeline's write, reported after
 * it, lands above the write (Chromium adds the wheel's move to the written offset), not above
 * the offset seen before: it is still the person scrolling up.
 */
function movedUp(state: FollowState, offset: number): boolean {
  return offset < state.offset || (state.written > state.offset && offset < state.written - 1);
}

/** The timeline scrolled to `offset` itself. */
export function wroteOffset(state: FollowState, offset: number): FollowState {
  return { ...state, written: offset };
}

/** A new row arrived (or the person asked for the latest): follow it, and hold there while it settles. */
export function holdAtNewest(state: FollowState): FollowState {
  return { ...state, following: true, holding: true };
}

/** The person scrolled, clicked or typed in the timeline: the place is theirs now. */
export function releaseHold(state: FollowState): FollowState {
  return state.holding ? { ...state, holding: false } : state;
}

/**
 * Where following puts the view: the end, unless the newest row does not fit, then its top.
 * `newestRowStart` is where that row begins in the timeline's content.
 */
export function followTarget(totalSize: number, viewportHeight: number, newestRowStart: number): number {
  return Math.max(0, Math.min(totalSize - viewportHeight, newestRowStart));
}

/** Distance from the view's bottom to the end of the rows, from the virtualizer's own totals. */
export function virtualDistanceFromEnd(totalSize: number, viewportHeight: number, offset: number): number {
  return Math.max(0, totalSize - viewportHeight - offset);
}
