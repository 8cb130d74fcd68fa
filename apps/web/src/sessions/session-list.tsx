import { useEffect, useState } from 'react';
import type { SessionSummary } from '@toolcards/protocol';
import { escapedText } from '../cards/text/invisible-characters';
import { VisibleText } from '../cards/text/visible-text';
import { useClient, useSessionState } from '../store/client-context';
import { lastActivityLabel } from './last-activity-label';

type Listing = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; sessions: SessionSummary[] };

/**
 * This workspace's sessions, newest first: open one, or start a new one. Titles and folders
 * come from session logs: invisible and bidi characters show as the cards' escapes.
 */
export function SessionList({ onOpened }: { onOpened: () => void }) {
  const client = useClient();
  const currentId = useSessionState((state) => state.sessionId);
  const [listing, setListing] = useState<Listing>({ state: 'loading' });
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    client.listSessions().then(
      (sessions) => live && setListing({ state: 'ready', sessions }),
      (error: unknown) => live && setListing({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [client, reload]);

  const now = Date.now();
  return (
    <nav className="session-list" aria-label="Sessions">
      <div className="session-list__top">
        <button
          type="button"
          className="session-list__new"
          onClick={() => {
            void client.newSession().then(onOpened);
          }}
        >
          + New session
        </button>
        <button type="button" className="session-list__refresh" onClick={() => setReload((count) => count + 1)} aria-label="Refresh the list" title="Refresh">
          ↻
        </button>
      </div>
      {listing.state === 'loading' && <p className="session-list__status">Loading sessions…</p>}
      {listing.state === 'failed' && (
        <p className="session-list__status session-list__status--error">
          Could not list sessions: <VisibleText text={listing.message} />
        </p>
      )}
      {listing.state === 'ready' && listing.sessions.length === 0 && <p className="session-list__status">No sessions yet.</p>}
      {listing.state === 'ready' && listing.sessions.length > 0 && (
        <ul className="session-list__items">
          {listing.sessions.map((session) => (
            <li key={session.id}>
              <button
                type="button"
                className="session-list__item"
                aria-current={session.id === currentId ? 'true' : undefined}
                onClick={() => {
                  if (session.id !== currentId) client.openSession(session.id);
                  onOpened();
                }}
              >
                <span className="session-list__title">
                  <VisibleText text={session.title || 'Untitled session'} />
                </span>
                <span className="session-list__cwd" title={escapedText(session.cwd)}>
                  <VisibleText text={session.cwd} />
                </span>
                <span className="session-list__meta">
                  <time dateTime={escapedText(session.lastActivity)} title={escapedText(session.lastActivity)}>
                    <VisibleText text={lastActivityLabel(session.lastActivity, now)} />
                  </time>
                  {' · '}
                  {session.eventCount} {session.eventCount === 1 ? 'event' : 'events'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
