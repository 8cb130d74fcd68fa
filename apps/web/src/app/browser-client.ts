import { WEBSOCKET_PATH } from '@toolcards/protocol';
import { ServerApi } from '../sessions/server-api';
import { SessionClient } from '../store/session-client';
import { SessionStore } from '../store/session-store';

/** The client for this page: same origin for the API and the socket. */
export function browserClient(token: string): SessionClient {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return new SessionClient({
    store: new SessionStore(),
    api: new ServerApi(token),
    socketUrl: `${scheme}://${location.host}${WEBSOCKET_PATH}?token=${encodeURIComponent(token)}`,
    hash: {
      read: () => location.hash,
      write: (hash) => history.replaceState(history.state, '', hash),
    },
  });
}
