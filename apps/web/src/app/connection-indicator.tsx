import { useEffect, useState } from 'react';
import { assertNever } from '@toolcards/protocol';
import { useClient, useSessionState } from '../store/client-context';
import type { ConnectionState } from '../store/session-store';

function secondsUntil(retryAt: number | undefined, now: number): number | undefined {
  return retryAt === undefined ? undefined : Math.max(0, Math.ceil((retryAt - now) / 1000));
}

function label(connection: ConnectionState, now: number): string {
  const seconds = secondsUntil(connection.retryAt, now);
  const retry = seconds === undefined || seconds === 0 ? 'retrying…' : `retrying in ${seconds}s`;
  switch (connection.status) {
    case 'connecting':
      return 'Connecting…';
    case 'connected':
      return 'Connected';
    case 'ready':
      return 'Ready';
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
  return (
    <div className={`connection connection--${connection.status}`} role="status" aria-live="polite">
      <span className="connection__dot" aria-hidden="true" />
      <span className="connection__label">{label(connection, now)}</span>
      {connection.status === 'offline' && (
        <button type="button" className="connection__retry" onClick={() => client.reconnectNow()}>
          Retry now
        </button>
      )}
    </div>
  );
}
