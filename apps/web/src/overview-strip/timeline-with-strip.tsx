import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import type { Pin } from '@toolcards/protocol';
import { useClient, useSessionState } from '../store/client-context';
import { usePinsSnapshot, useSessionPins } from '../pins/pins-provider';
import { useSessionMapContext, useVisibleRowsContext } from '../navigator/session-map-context';
import { fetchedWithPage } from '../ui/fetched-with-page';
import { LoadFailureBoundary } from '../ui/load-failure-boundary';

// The strip's drawing is out of the entry chunk, fetched as the page starts (decision 0023):
// it shows with the first rows, which come later over the WebSocket.
const { Component: OverviewStrip } = fetchedWithPage(import('./overview-strip'), (module) => module.OverviewStrip);

/**
 * The timeline with the overview strip along its right edge; the rows on screen are watched
 * here, from outside the timeline (navigator/visible-rows.ts).
 */
export function TimelineWithStrip({ children }: { children: ReactNode }) {
  const areaRef = useRef<HTMLDivElement>(null);
  const visibleRows = useVisibleRowsContext();
  useEffect(() => (areaRef.current && visibleRows ? visibleRows.attach(areaRef.current) : undefined), [visibleRows]);
  return (
    <div ref={areaRef} className="app__timeline-area">
      {children}
      <StripForSession />
    </div>
  );
}

function StripForSession() {
  const client = useClient();
  const map = useSessionMapContext();
  const sessionId = useSessionState((state) => state.sessionId);
  const snapshot = usePinsSnapshot(useSessionPins());
  // A pin's mark opens its card's permalink, as the outline's pin links do.
  const openPin = useCallback((pin: Pin) => sessionId !== null && client.openCard(sessionId, pin.seq), [client, sessionId]);
  if (map === null || map.rows.length === 0) return null;
  return (
    <LoadFailureBoundary fallback={null}>
      <OverviewStrip map={map} pins={snapshot.pins} onOpenPin={openPin} />
    </LoadFailureBoundary>
  );
}
