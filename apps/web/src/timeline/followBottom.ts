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
 * Whether the timeline keeps following new events after a scroll. Reaching the bottom
 * starts following; only moving up stops it — content growing underneath (new rows,
 * measured heights) moves nothing up, so it never stops following by itself.
 */
export function followsAfterScroll(following: boolean, previousScrollTop: number, position: ScrollPosition): boolean {
  if (isNearBottom(position)) return true;
  if (position.scrollTop < previousScrollTop) return false;
  return following;
}
