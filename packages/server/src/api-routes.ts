import { isSessionId } from '@toolcards/session';

/**
 * The JSON API, as data:
 *   GET  /api/info              → ServerInfo
 *   GET  /api/sessions          → { sessions: SessionSummary[] }  (this workspace; ?all=1 for every workspace)
 *   POST /api/sessions          → 201 { session: SessionSummary }
 *   GET  /api/sessions/:id      → { session, header, problems }   (opens it; events come over the WebSocket)
 */
export type ApiRoute =
  | { kind: 'info' }
  | { kind: 'list-sessions' }
  | { kind: 'create-session' }
  | { kind: 'open-session'; id: string }
  | { kind: 'bad-session-id' }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

export function matchApiRoute(method: string, pathname: string): ApiRoute {
  if (pathname === '/api/info') return method === 'GET' || method === 'HEAD' ? { kind: 'info' } : notAllowed(['GET']);
  if (pathname === '/api/sessions') {
    if (method === 'GET' || method === 'HEAD') return { kind: 'list-sessions' };
    if (method === 'POST') return { kind: 'create-session' };
    return notAllowed(['GET', 'POST']);
  }
  const prefix = '/api/sessions/';
  if (pathname.startsWith(prefix)) {
    const segment = pathname.slice(prefix.length);
    let id: string;
    try {
      id = decodeURIComponent(segment);
    } catch {
      return { kind: 'bad-session-id' };
    }
    if (!isSessionId(id)) return { kind: 'bad-session-id' };
    return method === 'GET' || method === 'HEAD' ? { kind: 'open-session', id } : notAllowed(['GET']);
  }
  return { kind: 'not-found' };
}

function notAllowed(allow: string[]): ApiRoute {
  return { kind: 'method-not-allowed', allow };
}
