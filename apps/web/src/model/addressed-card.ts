import type { LineSpan } from './session-hash';

/** The card the page's address names (`#/s/<id>/<seq>`, maybe `/L12-L20`). */
export interface AddressedCard {
  seq: number;
  lines?: LineSpan;
  /** Bumped each time an address is opened (a link, an edited URL); 0 when the lines were selected in the card. */
  serial: number;
  /** History is still loading toward `seq`. */
  loading: boolean;
}

/** What the timeline holds of its session, as far as finding a seq in it goes. */
export interface HeldHistory {
  /** The opening history has arrived. */
  caughtUp: boolean;
  firstSeq: number;
  lastSeq: number;
  hasOlder: boolean;
  loadingOlder: boolean;
}

export type AddressStep =
  /** Not decidable yet: the opening history or an older page is on its way. */
  | { kind: 'wait' }
  /** The card is older than what is held: ask for the next older page. */
  | { kind: 'load' }
  | { kind: 'show'; rowIndex: number }
  | { kind: 'missing'; message: string };

const count = (n: number) => n.toLocaleString('en-US');

/** The next thing to do to show the card holding `seq`. */
export function addressStep(seq: number, held: HeldHistory, rowIndexOf: (seq: number) => number | undefined): AddressStep {
  if (!held.caughtUp) return { kind: 'wait' };
  if (seq > held.lastSeq) {
    const end = held.lastSeq < 0 ? 'it has no events yet' : `its last event is ${count(held.lastSeq)}`;
    return { kind: 'missing', message: `The linked card (event ${count(seq)}) is past the end of this session: ${end}.` };
  }
  if (seq >= held.firstSeq) {
    const rowIndex = rowIndexOf(seq);
    if (rowIndex !== undefined) return { kind: 'show', rowIndex };
  } else if (held.hasOlder) {
    return held.loadingOlder ? { kind: 'wait' } : { kind: 'load' };
  }
  return { kind: 'missing', message: `The linked card (event ${count(seq)}) is not in this session's log.` };
}

/**
 * Events to ask for before `beforeSeq`: a normal page, or as many as reach the linked card
 * in one request when it is further back (a request may ask for at most `max`; a card
 * further than that takes several).
 */
export function olderPageLimit(targetSeq: number | undefined, beforeSeq: number, page: number, max: number): number {
  if (targetSeq === undefined || targetSeq >= beforeSeq) return page;
  return Math.min(max, Math.max(page, beforeSeq - targetSeq));
}

export function unknownSessionMessage(sessionId: string): string {
  return `The link names session "${sessionId}", which this server does not have: showing the newest session instead.`;
}
