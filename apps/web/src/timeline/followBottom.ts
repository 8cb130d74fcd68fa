/** Within this many pixels of the end counts as "at the bottom". */
export const NEAR_BOTTOM_PX = 48;

export interface ScrollPosition {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export function isNearBottom({ scrollTop, scrollHeight, clientHeight }: ScrollPosition, slack = NEAR_BOTTOM_PX): boolean {
  return scrollHeight - scrollTop - clientHeight <= slack;
}

/**
 * Whether the timeline keeps following new events after its scroll position changed.
 * Reaching the bottom starts following. Only the user moving up stops it: the virtualizer
 * also moves the position (a row above the view measured smaller than its estimate), and
 * content grows underneath — neither may stop following on its own.
 */
export function followsAfterScroll(following: boolean, previousScrollTop: number, position: ScrollPosition, byUser: boolean): boolean {
  if (isNearBottom(position)) return true;
  if (byUser && position.scrollTop < previousScrollTop) return false;
  return following;
}
