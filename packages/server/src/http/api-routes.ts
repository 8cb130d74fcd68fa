import { isSessionId } from '@toolcards/session';

/**
 * The JSON API, as data:
 *   GET  /api/info              → ServerInfo
 *   GET  /api/sessions          → { sessions: SessionSummary[] }  (this workspace; ?all=1 for every workspace)
 *   POST /api/sessions          → 201 { session: SessionSummary }
 *   GET  /api/sessions/:id      → { session, header, problems }   (opens it; events come over the WebSocket)
 *   GET  /api/sessions/:id/results/:callId → { callId, isError, content }   (a result's model-facing text)
 *   GET  /api/sessions/:id/results/:callId/full[?file=&offset=&limit=] → a capped search's complete
 *        result: its outline, or a page of it (read-only, from the spill file)
 *   GET  /api/sessions/:id/results/:callId/freshness → how a read's file compares with what was read
 *   GET  /api/sessions/:id/lines?path=&offset=&limit= → lines of a file as it is now (a view, not logged)
 *   GET  /api/sessions/:id/files[?after=SEQ] → the files the session's cards showed: read coverage, grep hits, glob listings
 *   GET  /api/sessions/:id/files/cards?path= → one of those files with every card that touched it
 *   GET  /api/sessions/:id/pins → { pins, note? }   (the cards pinned in the session, beside its log)
 *   PUT  /api/sessions/:id/pins { pins } → { pins }   (replaces them)
 *   GET  /api/sessions/:id/export/preview?from=&to=&words= → { findings, homePath }   (what masking will hide)
 *   GET  /api/sessions/:id/export?format=html|md&from=&to=&unmask=&words=&mask=0|1 → the file (an attachment)
 *   GET  /api/search?q=&case=&word=&regex= → events of any session whose log matches
 */
export type ApiRoute =
  | { kind: 'info' }
  | { kind: 'list-sessions' }
  | { kind: 'create-session' }
  | { kind: 'open-session'; id: string }
  | { kind: 'result-text'; id: string; callId: string }
  | { kind: 'full-result'; id: string; callId: string }
  | { kind: 'read-freshness'; id: string; callId: string }
  | { kind: 'file-lines'; id: string }
  | { kind: 'files-seen'; id: string }
  | { kind: 'file-cards'; id: string }
  | { kind: 'read-pins'; id: string }
  | { kind: 'write-pins'; id: string }
  | { kind: 'export-preview'; id: string }
  | { kind: 'export-file'; id: string }
  | { kind: 'search-sessions' }
  | { kind: 'bad-session-id' }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

export function matchApiRoute(method: string, pathname: string): ApiRoute {
  if (pathname === '/api/info') return method === 'GET' || method === 'HEAD' ? { kind: 'info' } : notAllowed(['GET']);
  if (pathname === '/api/search') return method === 'GET' || method === 'HEAD' ? { kind: 'search-sessions' } : notAllowed(['GET']);
  if (pathname === '/api/sessions') {
    if (method === 'GET' || method === 'HEAD') return { kind: 'list-sessions' };
    if (method === 'POST') return { kind: 'create-session' };
    return notAllowed(['GET', 'POST']);
  }
  const prefix = '/api/sessions/';
  if (pathname.startsWith(prefix)) {
    const [segment = '', ...rest] = pathname.slice(prefix.length).split('/');
    const id = decoded(segment);
    if (id === undefined || !isSessionId(id)) return { kind: 'bad-session-id' };
    const readOnly = method === 'GET' || method === 'HEAD';
    if (rest.length === 0) return readOnly ? { kind: 'open-session', id } : notAllowed(['GET']);
    if (rest.length === 1 && rest[0] === 'pins') {
      if (readOnly) return { kind: 'read-pins', id };
      return method === 'PUT' ? { kind: 'write-pins', id } : notAllowed(['GET', 'PUT']);
    }
    if (rest.length === 1 && rest[0] === 'lines') return readOnly ? { kind: 'file-lines', id } : notAllowed(['GET']);
    if (rest[0] === 'export' && (rest.length === 1 || (rest.length === 2 && rest[1] === 'preview'))) {
      return readOnly ? { kind: rest.length === 1 ? 'export-file' : 'export-preview', id } : notAllowed(['GET']);
    }
    if (rest[0] === 'files' && (rest.length === 1 || (rest.length === 2 && rest[1] === 'cards'))) {
      return readOnly ? { kind: rest.length === 1 ? 'files-seen' : 'file-cards', id } : notAllowed(['GET']);
    }
    const view = rest.length === 3 ? RESULT_VIEWS.get(rest[2]!) : rest.length === 2 ? 'result-text' : undefined;
    const callId = view !== undefined && rest[0] === 'results' ? decoded(rest[1]!) : undefined;
    if (view === undefined || callId === undefined || callId === '' || callId.length > MAX_CALL_ID_LENGTH) return { kind: 'not-found' };
    if (!readOnly) return notAllowed(['GET']);
    return { kind: view, id, callId };
  }
  return { kind: 'not-found' };
}

/** What `/results/:callId/<name>` serves (a Map: a path segment must not reach Object.prototype). */
const RESULT_VIEWS = new Map<string, 'full-result' | 'read-freshness'>([
  ['full', 'full-result'],
  ['freshness', 'read-freshness'],
]);

/** Longer than any call id the server or a model makes; a longer one is not looked up. */
const MAX_CALL_ID_LENGTH = 256;

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function notAllowed(allow: string[]): ApiRoute {
  return { kind: 'method-not-allowed', allow };
}
