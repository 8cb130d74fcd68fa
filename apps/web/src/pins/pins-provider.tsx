import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useClient, useSessionState } from '../store/client-context';
import { SessionPins, type PinsSnapshot, type PinsSource } from './session-pins';

const PinsContext = createContext<SessionPins | null>(null);

const NO_PINS: PinsSnapshot = { status: 'ready', pins: [] };
const noSubscription = () => () => {};

/** The open session's pins for the cards, the navigator and the strip: a new set for each session. */
export function PinsProvider({ children, source }: { children: ReactNode; source?: PinsSource }) {
  const client = useClient();
  const sessionId = useSessionState((state) => state.sessionId);
  const [pins, setPins] = useState<SessionPins | null>(null);
  useEffect(() => {
    if (sessionId === null) {
      setPins(null);
      return undefined;
    }
    const next = new SessionPins(sessionId, source ?? client);
    setPins(next);
    void next.load();
    return () => next.close();
  }, [client, source, sessionId]);
  return <PinsContext.Provider value={pins}>{children}</PinsContext.Provider>;
}

/** The open session's pins (null outside a provider: a gallery story, a test of a card). */
export function useSessionPins(): SessionPins | null {
  return useContext(PinsContext);
}

export function usePinsSnapshot(pins: SessionPins | null): PinsSnapshot {
  return useSyncExternalStore(pins?.subscribe ?? noSubscription, pins?.getSnapshot ?? (() => NO_PINS));
}

/** Test and story support: a set of pins given as is. */
export function PinsContextProvider({ pins, children }: { pins: SessionPins | null; children: ReactNode }) {
  return <PinsContext.Provider value={pins}>{children}</PinsContext.Provider>;
}
