import { useLayoutEffect, type RefObject } from 'react';

// The row key whose other control takes the focus next: a line opened to its card hands the
// focus to the card's rail, the rail folding back hands it to the line. Without it the focus
// fell to the page when the button pressed was replaced.
let pendingKey: string | undefined;

/** The control pressed for `rowKey` is about to be replaced by its counterpart. */
export function passFocusTo(rowKey: string): void {
  pendingKey = rowKey;
}

/** Focuses `ref` when it mounts as the counterpart of the control just pressed for `rowKey`. */
export function useTakesPassedFocus(rowKey: string, ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    if (pendingKey !== rowKey) return;
    pendingKey = undefined;
    ref.current?.focus({ preventScroll: true });
  }, [rowKey, ref]);
}
