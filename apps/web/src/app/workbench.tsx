import { lazy, useCallback, useEffect, useSyncExternalStore, type RefObject } from 'react';
import { Composer } from '../composer/composer';
import { useClient, useSessionState } from '../store/client-context';
import { Timeline } from '../timeline/timeline';
import { useFindShortcut } from '../find/use-find-shortcut';
import { FilesAside } from '../files-seen/files-aside';
import { SessionFilesSeenProvider } from '../files-seen/files-seen-provider';
import { AppHeader } from './app-header';
import { LoadFailure, LoadFailureBoundary } from '../ui/load-failure-boundary';
import { NoTokenScreen } from './no-token-screen';
import { NoticeList } from './notice-list';
import { SessionEditorProvider } from './session-editor-provider';
import { useDrawer } from './use-drawer';
import { SessionMapProvider } from '../navigator/session-map-context';
import { TimelineWithStrip } from '../overview-strip/timeline-with-strip';
import { PinsProvider } from '../pins/pins-provider';
import { ExportRangeProvider } from '../export/export-range-context';
import { fetchedWithPage } from '../ui/fetched-with-page';

// Opened on demand (Ctrl/Cmd+F): its code comes with the first opening, not with the page.
// The outline's panel is out of the entry chunk, fetched as the page starts (decision 0023).
const { Component: NavigatorAside } = fetchedWithPage(import('../navigator/navigator-aside'), (module) => module.NavigatorAside);
const FindBar = lazy(() => import('../find/find-bar').then((module) => ({ default: module.FindBar })));
// The sessions panel (list and search across sessions) likewise: it opens on its button.
const SessionList = lazy(() => import('../sessions/session-list').then((module) => ({ default: module.SessionList })));

/** At this width and below the sessions panel is a drawer over the timeline, not a column beside it (app.css agrees). */
export const NARROW_SCREEN_QUERY = '(max-width: 720px)';
/** Room for the outline beside the sessions panel and a timeline whose cards keep their paths whole. */
export const ROOMY_SCREEN_QUERY = '(min-width: 1440px)';

/** Whether a media query matches now, following it as the window changes. */
function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
}

/** The page once a token is present: header, sessions, timeline, composer, files. */
export function Workbench({ tokenInPage = true }: { tokenInPage?: boolean } = {}) {
  const client = useClient();
  const unauthorized = useSessionState((state) => state.unauthorized);
  // Narrow: each panel opens over the timeline (which keeps its size) as a modal drawer.
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY);
  const sessions = useDrawer(narrow);
  const files = useDrawer(narrow);
  // The outline is open when the page opens only where it leaves the timeline its width (from
  // 1440 px: at 1280 the sessions panel and the outline would leave the cards 640 px); else it waits for its button.
  const roomy = useMediaQuery(ROOMY_SCREEN_QUERY);
  const outline = useDrawer(narrow, roomy);
  const find = useFindShortcut();
  useClientRunning(client);

  if (unauthorized) return <NoTokenScreen refused={tokenInPage} />;
  const inert = sessions.modal || files.modal || outline.modal;
  return (
    // A range of cards chosen for export: the cards' buttons and the header's Export share it.
    <ExportRangeProvider>
      <div className="app">
        <AppHeader
          sessionsOpen={sessions.open}
          onToggleSessions={sessions.toggle}
          sessionsButtonRef={sessions.buttonRef}
          inert={inert}
          files={{ open: files.open, onToggle: files.toggle, buttonRef: files.buttonRef }}
          outline={{ open: outline.open, onToggle: outline.toggle, buttonRef: outline.buttonRef }}
        />
        <SessionFilesSeenProvider>
          <PinsProvider>
            <SessionMapProvider>
              <div className="app__body">
                {sessions.modal && <div className="app__scrim" data-testid="sessions-scrim" aria-hidden="true" onClick={sessions.close} />}
                {sessions.open && <SessionsAside drawer={narrow} onClose={sessions.close} panelRef={sessions.panelRef} />}
                {outline.modal && <div className="app__scrim" data-testid="outline-scrim" aria-hidden="true" onClick={outline.close} />}
                {outline.open && (
                  <LoadFailureBoundary fallback={<LoadFailure what="the outline" />}>
                    <NavigatorAside drawer={narrow} onClose={outline.close} panelRef={outline.panelRef} />
                  </LoadFailureBoundary>
                )}
                <main className="app__main" inert={inert}>
                  <WorkbenchMain find={find} />
                </main>
                {files.modal && <div className="app__scrim" data-testid="files-scrim" aria-hidden="true" onClick={files.close} />}
                {files.open && <FilesAside drawer={narrow} onClose={files.close} panelRef={files.panelRef} />}
              </div>
            </SessionMapProvider>
          </PinsProvider>
        </SessionFilesSeenProvider>
      </div>
    </ExportRangeProvider>
  );
}

/** The client runs while the workbench shows: it follows the page's address and reconnects when the network is back. */
function useClientRunning(client: ReturnType<typeof useClient>): void {
  useEffect(() => {
    void client.start();
    const followHash = () => client.followHash();
    const online = () => client.reconnectNow();
    window.addEventListener('hashchange', followHash);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('hashchange', followHash);
      window.removeEventListener('online', online);
      client.stop();
    };
  }, [client]);
}

/** The sessions panel: a column, or on a narrow screen a modal drawer. */
function SessionsAside({ drawer, onClose, panelRef }: { drawer: boolean; onClose: () => void; panelRef: RefObject<HTMLElement | null> }) {
  return (
    <aside
      id="session-panel"
      ref={panelRef}
      className={drawer ? 'app__sessions app__sessions--drawer' : 'app__sessions'}
      {...(drawer ? { role: 'dialog', 'aria-modal': true, 'aria-label': 'Sessions', tabIndex: -1 } : {})}
    >
      <LoadFailureBoundary loading={<p className="session-list__status">Loading sessions…</p>} fallback={<LoadFailure what="the sessions" />}>
        <SessionList onOpened={onClose} />
      </LoadFailureBoundary>
    </aside>
  );
}

/** Find in session, the timeline, notices and the composer. */
function WorkbenchMain({ find }: { find: ReturnType<typeof useFindShortcut> }) {
  const sessionId = useSessionState((state) => state.sessionId);
  return (
    <>
      {find.open && (
        <LoadFailureBoundary fallback={<LoadFailure what="Find in session" />}>
          <FindBar focusSerial={find.serial} onClose={find.close} />
        </LoadFailureBoundary>
      )}
      {/* A new session is a new timeline: nothing (scroll, measurements) carries over. */}
      <TimelineWithStrip>
        <SessionEditorProvider>
          <Timeline key={sessionId ?? 'none'} />
        </SessionEditorProvider>
      </TimelineWithStrip>
      <footer className="app__footer">
        <NoticeList />
        <Composer />
      </footer>
    </>
  );
}
