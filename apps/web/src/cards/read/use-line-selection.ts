import { useMemo, useRef, useState } from 'react';
import type { ReadFileLine } from '@toolcards/protocol';
import type { CardAddress } from '../frame/card-address';
import { nextLineSelection, NO_LINE_SELECTION, rangeInWindow, sameRange, type LineRange, type LineSelectionState } from './line-selection';
import type { ReadGutterActions } from './read-gutter';

/** A read card's line selection, as its code view needs it. */
export interface ReadLineSelection {
  /** The selected lines the window shows. */
  range: LineRange | undefined;
  /** The line number in the tab order (the last one focused, else the selection's start, the target, the first line). */
  focusLine: number | undefined;
  /** Scroll the code to `line` when `key` changes: an opened link, not a click in the card. */
  scrollTo: { line: number; key: number } | undefined;
  actions: ReadGutterActions;
}

/**
 * Lines selected by clicking their numbers. With an address (a card in the timeline) the
 * page's address is the selection's home: the card starts from the lines it names, and a
 * click rewrites it (`…/L12-L20`). Without one (a story) the selection stays in the card.
 */
export function useLineSelection(lines: readonly ReadFileLine[], address: CardAddress | null, targetLine?: number): ReadLineSelection {
  const linked = address?.lines;
  const [state, setState] = useState<LineSelectionState>(() => fromLinked(linked, NO_LINE_SELECTION));
  const [source, setSource] = useState(linked);
  // The address changed (another link opened, another card took the selection): follow it.
  if (address !== null && source !== linked) {
    setSource(linked);
    setState(fromLinked(linked, state));
  }
  const [focused, setFocused] = useState<number>();

  const stateRef = useRef(state);
  stateRef.current = state;
  const addressRef = useRef(address);
  addressRef.current = address;
  const actions = useMemo<ReadGutterActions>(
    () => ({
      select: (line, extend) => {
        const next = nextLineSelection(stateRef.current, line, extend);
        stateRef.current = next;
        setState(next);
        addressRef.current?.selectLines(next.range);
      },
      focus: (line) => setFocused(line),
    }),
    [],
  );

  const first = lines[0]?.number ?? 1;
  const last = lines[lines.length - 1]?.number ?? 0;
  const range = rangeInWindow(state.range, first, last);
  const openSerial = address?.openSerial ?? 0;
  return {
    range,
    focusLine: focused ?? range?.start ?? targetLine ?? lines[0]?.number,
    scrollTo: openSerial !== 0 && range !== undefined ? { line: range.start, key: openSerial } : undefined,
    actions,
  };
}

/** The selection an address names; the shift-click anchor is kept when it names what is selected already. */
function fromLinked(linked: LineRange | undefined, current: LineSelectionState): LineSelectionState {
  if (sameRange(linked, current.range)) return current;
  return linked === undefined ? NO_LINE_SELECTION : { range: linked, anchor: linked.start };
}
