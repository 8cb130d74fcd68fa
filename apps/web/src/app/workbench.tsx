import { useEffect, useState } from 'react';
import { Composer } from '../composer/composer';
import { SessionList } from '../sessions/session-list';
import { useClient, useSessionState } from '../store/client-context';
import { Timeline } from '../timeline/timeline';
import { AppHeader } from './app-header';
import { NoTokenScreen } from './no-token-screen';
import { NoticeList } from './notice-list';

/** The page once a token is present: header, sessions, timeline, composer. */
export function Workbench() {
  const client = useClient();
  const unauthorized = useSessionState((state) => state.unauthorized);
  const sessionId = useSessionState((state) => state.sessionId);
  const [sessionsOpen, setSessionsOpen] = useState(false);

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

  if (unauthorized) return <NoTokenScreen refused />;
  return (
    <div className="app">
      <AppHeader sessionsOpen={sessionsOpen} onToggleSessions={() => setSessionsOpen((open) => !open)} />
      <div className="app__body">
        {sessionsOpen && (
          <aside id="session-panel" className="app__sessions">
            <SessionList onOpened={() => setSessionsOpen(false)} />
          </aside>
        )}
        <main className="app__main">
          {/* A new session is a new timeline: nothing (scroll, measurements) carries over. */}
          <Timeline key={sessionId ?? 'none'} />
          <footer className="app__footer">
            <NoticeList />
            <Composer />
          </footer>
        </main>
      </div>
    </div>
  );
}
