import { describe, expect, it } from 'vitest';
import { matchApiRoute } from './api-routes';

describe('matchApiRoute', () => {
  it('routes the API', () => {
    expect(matchApiRoute('GET', '/api/info')).toEqual({ kind: 'info' });
    expect(matchApiRoute('GET', '/api/sessions')).toEqual({ kind: 'list-sessions' });
    expect(matchApiRoute('POST', '/api/sessions')).toEqual({ kind: 'create-session' });
    expect(matchApiRoute('GET', '/api/sessions/20250101-000000-abcdef')).toEqual({ kind: 'open-session', id: '20250101-000000-abcdef' });
    expect(matchApiRoute('HEAD', '/api/info')).toEqual({ kind: 'info' });
    expect(matchApiRoute('GET', '/api/sessions/abc/results/call_1')).toEqual({ kind: 'result-text', id: 'abc', callId: 'call_1' });
    expect(matchApiRoute('GET', '/api/sessions/abc/results/call%2F1')).toEqual({ kind: 'result-text', id: 'abc', callId: 'call/1' });
    expect(matchApiRoute('GET', '/api/sessions/abc/results/call_1/full')).toEqual({ kind: 'full-result', id: 'abc', callId: 'call_1' });
    expect(matchApiRoute('GET', '/api/sessions/abc/results/call_1/freshness')).toEqual({ kind: 'read-freshness', id: 'abc', callId: 'call_1' });
    expect(matchApiRoute('GET', '/api/sessions/abc/lines')).toEqual({ kind: 'file-lines', id: 'abc' });
    expect(matchApiRoute('GET', '/api/sessions/abc/files')).toEqual({ kind: 'files-seen', id: 'abc' });
    expect(matchApiRoute('GET', '/api/sessions/abc/files/cards')).toEqual({ kind: 'file-cards', id: 'abc' });
    expect(matchApiRoute('POST', '/api/sessions/abc/files')).toEqual({ kind: 'method-not-allowed', allow: ['GET'] });
    expect(matchApiRoute('GET', '/api/sessions/abc/files/x')).toEqual({ kind: 'not-found' });
    expect(matchApiRoute('GET', '/api/sessions/abc/pins')).toEqual({ kind: 'read-pins', id: 'abc' });
    expect(matchApiRoute('PUT', '/api/sessions/abc/pins')).toEqual({ kind: 'write-pins', id: 'abc' });
    expect(matchApiRoute('DELETE', '/api/sessions/abc/pins')).toEqual({ kind: 'method-not-allowed', allow: ['GET', 'PUT'] });
    expect(matchApiRoute('GET', '/api/search')).toEqual({ kind: 'search-sessions' });
    expect(matchApiRoute('POST', '/api/search')).toEqual({ kind: 'method-not-allowed', allow: ['GET'] });
  });

  it('does not look up call ids that are empty, undecodable or too long', () => {
    for (const path of ['/api/sessions/abc/results/', '/api/sessions/abc/results/%', '/api/sessions/abc/results/' + 'c'.repeat(257), '/api/sessions/abc/results', '/api/sessions/abc/other/x', '/api/sessions/abc/results/a/b', '/api/sessions/abc/results/a/constructor', '/api/sessions/abc/results/a/toString', '/api/sessions/abc/lines/x']) {
      expect(matchApiRoute('GET', path), path).toEqual({ kind: 'not-found' });
    }
    expect(matchApiRoute('POST', '/api/sessions/abc/results/c')).toEqual({ kind: 'method-not-allowed', allow: ['GET'] });
  });

  it('refuses session ids that are not ids, however encoded', () => {
    for (const path of ['/api/sessions/..', '/api/sessions/%2e%2e', '/api/sessions/a%2Fb', '/api/sessions/a.b/results/c', '/api/sessions/%', '/api/sessions/' + 'x'.repeat(65)]) {
      expect(matchApiRoute('GET', path), path).toEqual({ kind: 'bad-session-id' });
    }
  });

  it('names the allowed methods', () => {
    expect(matchApiRoute('DELETE', '/api/sessions')).toEqual({ kind: 'method-not-allowed', allow: ['GET', 'POST'] });
    expect(matchApiRoute('POST', '/api/info')).toEqual({ kind: 'method-not-allowed', allow: ['GET'] });
    expect(matchApiRoute('PUT', '/api/sessions/abc')).toEqual({ kind: 'method-not-allowed', allow: ['GET'] });
    expect(matchApiRoute('POST', '/api/sessions/abc/lines')).toEqual({ kind: 'method-not-allowed', allow: ['GET'] });
    expect(matchApiRoute('DELETE', '/api/sessions/abc/results/c/freshness')).toEqual({ kind: 'method-not-allowed', allow: ['GET'] });
  });

  it('does not know other paths', () => {
    for (const path of ['/api', '/api/', '/api/sessions/', '/api/infos', '/api/sessions-x']) {
      expect(matchApiRoute('GET', path), path).toEqual(path === '/api/sessions/' ? { kind: 'bad-session-id' } : { kind: 'not-found' });
    }
  });
});
