import { useMemo, type ReactNode } from 'react';
import { CardAddressProvider, type CardAddress } from '../cards/frame/card-address';
import { pageLink } from '../model/page-link';
import { hashForCard } from '../model/session-hash';
import { useClient, useSessionState } from '../store/client-context';
import { rowHoldsSeq } from '../model/row-index-for-seq';
import type { ToolRow } from '../model/timeline-row';

/**
 * Gives the card of a timeline row its address: the session and the seq its row starts
 * at (the call's), the lines the page's address selects in it, and where a selection made
 * in it goes (the address bar).
 */
export function RowCardAddress({ row, children }: { row: ToolRow; children: ReactNode }) {
  const client = useClient();
  const sessionId = useSessionState((state) => state.sessionId);
  // The same object while it names this row: other rows' links do not re-render this card.
  const addressed = useSessionState((state) => (state.addressed !== null && rowHoldsSeq(row, state.addressed.seq) ? state.addressed : null));
  const seq = row.seq;
  const address = useMemo<CardAddress | null>(
    () =>
      sessionId === null
        ? null
        : {
            sessionId,
            seq,
            link: (lines) => pageLink(window.location, hashForCard(sessionId, seq, lines)),
            ...(addressed?.lines ? { lines: addressed.lines } : {}),
            openSerial: addressed?.serial ?? 0,
            selectLines: (lines) => client.selectLines(seq, lines),
          },
    [client, sessionId, seq, addressed],
  );
  return <CardAddressProvider address={address}>{children}</CardAddressProvider>;
}
