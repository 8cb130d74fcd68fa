import { createContext, useContext, type ReactNode } from 'react';
import type { LineRange } from '../read/line-selection';

/**
 * Where a card is in its session, given by the timeline row that shows it. Without one (a
 * gallery story, a test) a card has no address: no "Copy link", and a read card's line
 * selection stays inside the card.
 */
export interface CardAddress {
  sessionId: string;
  /** The seq of the event the card's row starts at (a tool call's). */
  seq: number;
  /** A link to this card, or to lines of it; never with the page's token. */
  link(lines?: LineRange): string;
  /** Lines the page's address selects in this card (a `…/L12-L20` link, or a selection made here). */
  lines?: LineRange;
  /**
   * Changes each time an address naming this card is opened (a link, an edited URL); 0 when
   * none was or the lines were selected in the card. A new value brings the lines into view.
   */
  openSerial: number;
  /** Lines were selected in the card (or none are now): the page's address follows. */
  selectLines(lines: LineRange | undefined): void;
}

const CardAddressContext = createContext<CardAddress | null>(null);

export function CardAddressProvider({ address, children }: { address: CardAddress | null; children: ReactNode }) {
  return <CardAddressContext.Provider value={address}>{children}</CardAddressContext.Provider>;
}

export function useCardAddress(): CardAddress | null {
  return useContext(CardAddressContext);
}
