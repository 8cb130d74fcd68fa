import { useEffect, useState } from 'react';
import { assertNever } from '@toolcards/protocol';
import { useClient, useSessionState } from '../store/client-context';
import type { ConnectionState } from '../net/session-connection';

function secondsUntil(retryAt: number | undefined, now: number): number | undefined {
  return retryAt === undefined ? undefined : Math.max(0, Math.ceil((retryAt - now) / 1000));
}

function label(connection: ConnectionState, now: number): string {
  const seconds = secondsUntil(connection.retryAt, now);
  const retry = seconds === undefined || seconds === 0 ? 'retrying…' : `retrying in ${seconds}s`;
  switch (connection.status) {
    case 'connecting':
      return 'Connecting…';
    // Ready (no session yet) is the same open socket: one word for it.
    case 'connected':
    case 'ready':
      return 'Connected';
    case 'reconnecting':
      return `Reconnecting — ${retry}`;
    case 'offline':
      return `Offline — ${retry}`;
    default:
      return assertNever(connection.status, 'connection status');
  }
}

/** The socket's state; the timeline stays as it is whatever this says. */
export function ConnectionIndicator() {
  const client = useClient();
  const connection = useSessionState((state) => state.connection);
  const [now, setNow] = useState(() => Date.now());
  const waiting = connection.retryAt !== undefined && connection.status !== 'connected';
  useEffect(() => {
    if (!waiting) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting, connection.retryAt]);
  const text = label(connection, now);
  // On a phone only the dot shows (app.css): the words stay for screen readers and as its title.
  return (
    <div className={`connection connection--${connection.status}`} role="status" aria-live="polite" title={text}>
      <span className="connection__dot" aria-hidden="true" />
      <span className="connection__label">{text}</span>
      {connection.status === 'offline' && (
        <button type="button" className="connection__retry" onClick={() => client.reconnectNow()}>
          Retry now
        </button>
      )}
    </div>
  );
}
