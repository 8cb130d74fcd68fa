import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { FileSeen } from '@toolcards/protocol';

/**
 * What the session has seen of each file (GET /api/sessions/:id/files), for the read card's
 * minimap: other read windows, grep matches. A source to subscribe to, not a value, so a
 * refresh re-renders only the cards whose file's entry changed.
 */
export interface SeenFilesSource {
  subscribe(listener: () => void): () => void;
  /** The file's entry now; the same object until it changes. */
  fileSeen(path: string): FileSeen | undefined;
}

// Null without a provider (gallery, tests): the minimap shows only the card's own window.
const SeenFilesContext = createContext<SeenFilesSource | null>(null);

export function SeenFilesProvider({ source, children }: { source: SeenFilesSource | null; children: ReactNode }) {
  return <SeenFilesContext.Provider value={source}>{children}</SeenFilesContext.Provider>;
}

/** The session's record of `path`, kept current; undefined without a provider or before it is known. */
export function useFileSeen(path: string): FileSeen | undefined {
  const source = useContext(SeenFilesContext);
  const subscribe = useCallback((listener: () => void) => source?.subscribe(listener) ?? (() => {}), [source]);
  return useSyncExternalStore(subscribe, () => source?.fileSeen(path));
}
