import { createContext, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { SeenFilesProvider } from '../cards/read/seen-files-context';
import { useClient, useSessionState } from '../store/client-context';
import { FilesSeenFeed } from './files-seen-feed';
import { FilesSeenStore, type FilesSeenSnapshot } from './files-seen-store';

/** The open session's files, for the Files panel. */
export interface FilesSeenHandle {
  sessionId: string;
  store: FilesSeenStore;
  /** Asks the server now (Retry). */
  refresh(): void;
}

const FilesSeenContext = createContext<FilesSeenHandle | null>(null);

/**
 * Keeps the open session's files (GET /api/sessions/:id/files) for the Files panel and the
 * read cards' minimaps: asked once its history has caught up, and again (debounced, only
 * what changed) as it logs new events. A new session starts a new list.
 */
export function SessionFilesSeenProvider({ children }: { children: ReactNode }) {
  const client = useClient();
  const sessionId = useSessionState((state) => state.sessionId);
  const caughtUp = useSessionState((state) => state.caughtUp);
  const lastSeq = useSessionState((state) => state.lastSeq);
  const feed = useRef<FilesSeenFeed | null>(null);

  const handle = useMemo<FilesSeenHandle | null>(() => {
    if (sessionId === null) return null;
    return { sessionId, store: new FilesSeenStore(), refresh: () => feed.current?.refreshNow() };
  }, [sessionId]);

  // Made in an effect, not in render: a disposed feed (StrictMode's second mount) is never reused.
  useEffect(() => {
    if (handle === null) return undefined;
    const next = new FilesSeenFeed({ store: handle.store, fetch: (afterSeq) => client.filesSeen(handle.sessionId, afterSeq) });
    feed.current = next;
    return () => {
      next.dispose();
      if (feed.current === next) feed.current = null;
    };
  }, [client, handle]);

  useEffect(() => {
    if (caughtUp) feed.current?.noteLogged(lastSeq);
  }, [handle, caughtUp, lastSeq]);

  return (
    <FilesSeenContext.Provider value={handle}>
      <SeenFilesProvider source={handle?.store ?? null}>{children}</SeenFilesProvider>
    </FilesSeenContext.Provider>
  );
}

export function useFilesSeenHandle(): FilesSeenHandle | null {
  return useContext(FilesSeenContext);
}

const EMPTY: FilesSeenSnapshot = { files: [], throughSeq: -1, loaded: false, status: { state: 'loading' } };
const noSubscription = () => () => {};

/** The Files panel's view of the list, kept current. */
export function useFilesSeenSnapshot(handle: FilesSeenHandle | null): FilesSeenSnapshot {
  return useSyncExternalStore(handle ? handle.store.subscribe : noSubscription, handle ? handle.store.snapshot : () => EMPTY);
}
