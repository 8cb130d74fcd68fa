import { lazy, useCallback, type RefObject } from 'react';
import type { FileCard } from '@toolcards/protocol';
import { LoadFailure, LoadFailureBoundary } from '../ui/load-failure-boundary';
import { useClient } from '../store/client-context';
import { useFilesSeenHandle, useFilesSeenSnapshot } from './files-seen-provider';

// The panel's lists come with its first opening, not with the page; the aside is here at once (as a drawer its focus and Escape are the workbench's useDrawer).
const FilesPanel = lazy(() => import('./files-panel').then((module) => ({ default: module.FilesPanel })));

interface FilesAsideProps {
  /** Narrow screen: a modal drawer over the timeline (which keeps its size), not a column beside it. */
  drawer: boolean;
  onClose(): void;
  panelRef: RefObject<HTMLElement | null>;
}

/** The Files panel of the open session, beside the timeline or as a drawer over it. */
export function FilesAside({ drawer, onClose, panelRef }: FilesAsideProps) {
  const client = useClient();
  const handle = useFilesSeenHandle();
  const snapshot = useFilesSeenSnapshot(handle);

  const loadCards = useCallback(
    async (path: string): Promise<FileCard[]> => {
      if (handle === null) return [];
      return (await client.fileCards(handle.sessionId, path)).file?.cards ?? [];
    },
    [client, handle],
  );
  const openCard = useCallback(
    (card: FileCard) => {
      if (handle === null) return;
      client.openCard(handle.sessionId, card.callSeq ?? card.resultSeq);
      // The drawer covers the timeline: the card is what the person wants to see now.
      if (drawer) onClose();
    },
    [client, handle, drawer, onClose],
  );
  const freshnessOf = useCallback((callId: string) => client.fileSource(callId), [client]);

  return (
    <aside
      id="files-panel"
      ref={panelRef}
      className={drawer ? 'app__files app__files--drawer' : 'app__files'}
      {...(drawer ? { role: 'dialog', 'aria-modal': true, 'aria-label': 'Files', tabIndex: -1 } : {})}
    >
      <LoadFailureBoundary fallback={<LoadFailure what="the Files panel" />}>
        <FilesPanel
          files={snapshot.files}
          loaded={snapshot.loaded}
          status={snapshot.status}
          loadCards={loadCards}
          onOpenCard={openCard}
          freshnessOf={freshnessOf}
          onRetry={handle?.refresh}
          onClose={onClose}
        />
      </LoadFailureBoundary>
    </aside>
  );
}
