import { assertNever } from '@toolcards/protocol';

/**
 * A range of cards chosen in the timeline for an export: the first card chosen is one end,
 * the second the other. Pure: the picker (export-range-picker.ts) holds the state, the cards'
 * "Export from here" / "Export to here" buttons and the bar over the timeline read it.
 */

/** A card chosen as an end: the seq its row starts at (its address) and its name. */
export interface RangeEnd {
  seq: number;
  /** The card's accessible name: 'read src/a.ts', shown in the bar and the dialog. */
  label: string;
}

export type RangePick =
  | { phase: 'idle' }
  /** One end chosen: the next card chosen closes the range. */
  | { phase: 'started'; start: RangeEnd }
  /** Both ends, in seq order (a pick made backwards is put in order). */
  | { phase: 'chosen'; start: RangeEnd; end: RangeEnd };

export const NO_PICK: RangePick = { phase: 'idle' };

/** The pick after `card` is chosen: it starts a range, closes the started one (either way round), or starts anew. */
export function pickedCard(pick: RangePick, card: RangeEnd): RangePick {
  switch (pick.phase) {
    case 'idle':
    case 'chosen':
      return { phase: 'started', start: card };
    case 'started':
      return card.seq < pick.start.seq ? { phase: 'chosen', start: card, end: pick.start } : { phase: 'chosen', start: pick.start, end: card };
    default:
      return assertNever(pick, 'range pick');
  }
}

/** The card starting at `seq` is marked in the timeline: an end chosen, or inside the range. */
export function isCardInPick(pick: RangePick, seq: number): boolean {
  switch (pick.phase) {
    case 'idle':
      return false;
    case 'started':
      return seq === pick.start.seq;
    case 'chosen':
      return seq >= pick.start.seq && seq <= pick.end.seq;
    default:
      return assertNever(pick, 'range pick');
  }
}

