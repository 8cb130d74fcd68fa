import { WEBSOCKET_PATH } from '@toolcards/protocol';
import { adoptEarlySocket } from '../net/adopt-early-socket';
import { ServerApi } from '../net/server-api';
import type { SocketLike } from '../net/session-connection';
import { SessionClient } from '../store/session-client';
import { ClientState } from '../store/client-state';
import { prepareLiveResult } from '../timeline/prepare-live-result';
import { cardChunksReady } from '../cards';

/**
 * The client for this page: same origin for the API and the socket. Without a token in the
 * page (a new tab, a bookmark) the browser's cookie from the first visit authorizes both.
 */
export function browserClient(token: string | undefined): SessionClient {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
  return new SessionClient({
    // A live read's highlighting and validation start as its frame is ingested.
    store: new ClientState(prepareLiveResult),
    api: new ServerApi(token),
    socketUrl: `${scheme}://${location.host}${WEBSOCKET_PATH}${query}`,
    // The first socket may be the one index.html opened before this code loaded.
    createSocket: (url, sessionId) => adoptEarlySocket(url, sessionId) ?? (new WebSocket(url) as SocketLike),
    hash: {
      read: () => location.hash,
      write: (hash) => history.replaceState(history.state, '', hash),
    },
    cardsReady: cardChunksReady,
  });
}
