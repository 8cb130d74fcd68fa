import { useEffect, useState } from 'react';
import type { SessionSummary } from '@toolcards/protocol';
import { escapedText } from '../cards/text/invisible-characters';
import { VisibleText } from '../cards/text/visible-text';
import { useClient, useSessionState } from '../store/client-context';
import { groupByWorkspace } from './group-by-workspace';
import { SessionRow } from './session-row';
import { subagentsUnderParents } from './subagents-under-parents';
import { SessionSearch } from './session-search';

const LIST_REFRESH_MS = 3_000;

type Listing = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; sessions: SessionSummary[] };

/**
 * Sessions, grouped by workspace folder (named once, above its rows), newest first: open
 * one, or start a new one. Titles and folders come from session logs: invisible and bidi
 * characters show as the cards' escapes.
 */
export function SessionList({ onOpened }: { onOpened: () => void }) {
  const client = useClient();
  const currentId = useSessionState((state) => state.sessionId);
  const [listing, setListing] = useState<Listing>({ state: 'loading' });
  const [reload, setReload] = useState(0);
  const [searching, setSearching] = useState(false);

  // Sessions other agents start appear while the panel is open: it asks again every few seconds.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setReload((count) => count + 1);
    }, LIST_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

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

  return (
    <nav className="session-list" aria-label="Sessions">
      <div className="session-list__top">
        <button
          type="button"
          className="session-list__new"
          onClick={() => {
            client.newSession();
            onOpened();
          }}
        >
          + New session
        </button>
        <button type="button" className="session-list__refresh" onClick={() => setReload((count) => count + 1)} aria-label="Refresh the list" title="Refresh">
          ↻
        </button>
      </div>
      <SessionSearch onOpened={onOpened} onActive={setSearching} />
      {!searching && <SessionGroups listing={listing} currentId={currentId} onOpened={onOpened} />}
    </nav>
  );
}

/** The sessions, by workspace folder. */
function SessionGroups({ listing, currentId, onOpened }: { listing: Listing; currentId: string | null; onOpened: () => void }) {
  const client = useClient();
  const served = useSessionState((state) => state.server?.workspace);
  const now = Date.now();
  return (
    <>
      {listing.state === 'loading' && <p className="session-list__status">Loading sessions…</p>}
      {listing.state === 'failed' && (
        <p className="session-list__status session-list__status--error">
          Could not list sessions: <VisibleText text={listing.message} />
        </p>
      )}
      {listing.state === 'ready' && listing.sessions.length === 0 && <p className="session-list__status">No sessions yet.</p>}
      {listing.state === 'ready' &&
        groupByWorkspace(listing.sessions, served).map((group) => (
          <section key={group.cwd} className="session-list__group" aria-label={`Sessions in ${escapedText(group.cwd)}`}>
            <h3 className="session-list__cwd" title={escapedText(group.cwd)}>
              {/* Cut from the left (rtl) but read left to right: isolated, "/tmp/x" stays "/tmp/x". */}
              <bdi dir="ltr">
                <VisibleText text={group.cwd} />
              </bdi>
            </h3>
            <ul className="session-list__items">
              {subagentsUnderParents(group.sessions).map(({ session, subagent }) => (
                <li key={session.id} className={subagent ? 'session-list__subagent' : undefined}>
                  <SessionRow
                    session={session}
                    subagent={subagent}
                    current={session.id === currentId}
                    now={now}
                    onOpen={() => {
                      if (session.id !== currentId) client.openSession(session.id);
                      onOpened();
                    }}
                  />
                </li>
              ))}
            </ul>
          </section>
        ))}
    </>
  );
}
