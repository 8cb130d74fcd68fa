/**
 * Whether the timeline follows its end, from scroll positions alone (the virtualizer's
 * numbers, never the DOM's): a scroll that ends within `thresholdPx` of the end follows;
 * a scroll up that ends short of it stops following. A scroll down short of the end
 * changes nothing: while rows arrive faster than the follow scroll lands, the end runs
 * ahead of every scroll position, and that is no reason to stop.
 */
export interface FollowState {
  following: boolean;
  /** The scroll offset last seen. */
  offset: number;
}

export const FOLLOWING_FROM_TOP: FollowState = { following: true, offset: 0 };

export function followAfterScroll(state: FollowState, offset: number, distanceFromEnd: number, thresholdPx: number): FollowState {
  if (offset === state.offset) return state;
  const following = distanceFromEnd <= thresholdPx ? true : offset < state.offset ? false : state.following;
  return { following, offset };
}

/** Distance from the view's bottom to the end of the rows, from the virtualizer's own totals. */
export function virtualDistanceFromEnd(totalSize: number, viewportHeight: number, offset: number): number {
  return Math.max(0, totalSize - viewportHeight - offset);
}
