import { lazy, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Composer } from '../composer/composer';
import { useClient, useSessionState } from '../store/client-context';
import { Timeline } from '../timeline/timeline';
import { useFindShortcut } from '../find/use-find-shortcut';
import { FilesAside } from '../files-seen/files-aside';
import { SessionFilesSeenProvider } from '../files-seen/files-seen-provider';
import { useFilesPanel } from '../files-seen/use-files-panel';
import { AppHeader } from './app-header';
import { LoadFailure, LoadFailureBoundary } from '../ui/load-failure-boundary';
import { NoTokenScreen } from './no-token-screen';
import { NoticeList } from './notice-list';
import { SessionEditorProvider } from './session-editor-provider';

// Opened on demand (Ctrl/Cmd+F): its code comes with the first opening, not with the page.
const FindBar = lazy(() => import('../find/find-bar').then((module) => ({ default: module.FindBar })));
// The sessions panel (list and search across sessions) likewise: it opens on its button.
const SessionList = lazy(() => import('../sessions/session-list').then((module) => ({ default: module.SessionList })));

/** At this width and below the sessions panel is a drawer over the timeline, not a column beside it (app.css agrees). */
export const NARROW_SCREEN_QUERY = '(max-width: 720px)';

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
  const sessionId = useSessionState((state) => state.sessionId);
  const [sessionsOpen, setSessionsOpen] = useState(false);
  // Narrow: the panel opens over the timeline (which keeps its size) as a modal drawer.
  const drawer = useMediaQuery(NARROW_SCREEN_QUERY);
  const modal = sessionsOpen && drawer;
  const sessionsButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const returnFocus = useRef(false);
  const find = useFindShortcut();
  // The Files panel: a column at the right, a drawer over the timeline when narrow.
  const files = useFilesPanel(drawer);
  const filesModal = files.open && drawer;

  /** Closes the panel; focus that was in it (or behind the drawer) goes back to the Sessions button, not to the page. */
  const closeSessions = useCallback(() => {
    const active = document.activeElement;
    returnFocus.current = modal || (active !== null && panel.current?.contains(active) === true);
    setSessionsOpen(false);
  }, [modal]);

  // After the commit that closed it: the header is no longer inert, the button can take focus.
  useEffect(() => {
    if (sessionsOpen || !returnFocus.current) return;
    returnFocus.current = false;
    sessionsButton.current?.focus();
  }, [sessionsOpen]);

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

  // The drawer takes focus when it opens, and Escape anywhere closes it.
  useEffect(() => {
    if (!modal) return;
    panel.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      closeSessions();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [modal, closeSessions]);

  if (unauthorized) return <NoTokenScreen refused={tokenInPage} />;
  return (
    <div className="app">
      <AppHeader
        sessionsOpen={sessionsOpen}
        onToggleSessions={() => (sessionsOpen ? closeSessions() : setSessionsOpen(true))}
        sessionsButtonRef={sessionsButton}
        inert={modal || filesModal}
        files={{ open: files.open, onToggle: files.toggle, buttonRef: files.buttonRef }}
      />
      <SessionFilesSeenProvider>
        <div className="app__body">
          {modal && <div className="app__scrim" data-testid="sessions-scrim" aria-hidden="true" onClick={closeSessions} />}
          {sessionsOpen && (
            <aside
              id="session-panel"
              ref={panel}
              className={drawer ? 'app__sessions app__sessions--drawer' : 'app__sessions'}
              {...(drawer ? { role: 'dialog', 'aria-modal': true, 'aria-label': 'Sessions', tabIndex: -1 } : {})}
            >
              <LoadFailureBoundary loading={<p className="session-list__status">Loading sessions…</p>} fallback={<LoadFailure what="the sessions" />}>
                <SessionList onOpened={closeSessions} />
              </LoadFailureBoundary>
            </aside>
          )}
          <main className="app__main" inert={modal || filesModal}>
            {find.open && (
              <LoadFailureBoundary fallback={<LoadFailure what="Find in session" />}>
                <FindBar focusSerial={find.serial} onClose={find.close} />
              </LoadFailureBoundary>
            )}
            {/* A new session is a new timeline: nothing (scroll, measurements) carries over. */}
            <SessionEditorProvider>
              <Timeline key={sessionId ?? 'none'} />
            </SessionEditorProvider>
            <footer className="app__footer">
              <NoticeList />
              <Composer />
            </footer>
          </main>
          {filesModal && <div className="app__scrim" data-testid="files-scrim" aria-hidden="true" onClick={files.close} />}
          {files.open && <FilesAside drawer={drawer} onClose={files.close} panelRef={files.panelRef} />}
        </div>
      </SessionFilesSeenProvider>
    </div>
  );
}
