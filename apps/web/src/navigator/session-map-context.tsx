import { createContext, useContext, useState, type ReactNode } from 'react';
import { useSessionMap, type SessionMap } from './use-session-map';
import { useTurnKeys } from './use-turn-keys';
import { VisibleRows } from './visible-rows';

const SessionMapContext = createContext<SessionMap | null>(null);
const VisibleRowsContext = createContext<VisibleRows | null>(null);

/**
 * The open session's map for the outline and the strip, and `j`/`k`. Only its readers render
 * again as rows arrive: the children are the workbench's elements, not this component's.
 */
export function SessionMapProvider({ children }: { children: ReactNode }) {
  const [visibleRows] = useState(() => new VisibleRows());
  const map = useSessionMap(visibleRows);
  useTurnKeys(map);
  return (
    <VisibleRowsContext.Provider value={visibleRows}>
      <SessionMapContext.Provider value={map}>{children}</SessionMapContext.Provider>
    </VisibleRowsContext.Provider>
  );
}

export function useSessionMapContext(): SessionMap | null {
  return useContext(SessionMapContext);
}

/** What watches the timeline's rows on screen: given the element around the timeline. */
export function useVisibleRowsContext(): VisibleRows | null {
  return useContext(VisibleRowsContext);
}
