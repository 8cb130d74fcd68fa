import { describe, expect, it } from 'vitest';
import { ApiRequestError, ServerApi, UnauthorizedError } from './server-api';

const summary = { id: 's1', title: 'Read a.ts', cwd: '/w', createdAt: 't', lastActivity: 't', eventCount: 2, toolCalls: 1, paths: ['a.ts'] };

function fakeFetch(status: number, body: unknown, seen: Array<{ url: string; init?: RequestInit }> = []): typeof fetch {
  return (async (url: string, init?: RequestInit) => {
    seen.push({ url, ...(init ? { init } : {}) });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
}

describe('ServerApi', () => {
  it('sends the bearer token and reads the info', async () => {
    const seen: Array<{ url: string; init?: RequestInit }> = [];
    const api = new ServerApi('tok', fakeFetch(200, { version: '1', workspace: '/w', model: null, editor: 'vscode' }, seen));
    expect(await api.info()).toEqual({ version: '1', workspace: '/w', model: null, editor: 'vscode' });
    expect(seen[0]?.url).toBe('/api/info');
    expect((seen[0]?.init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('lists sessions from { sessions } and creates one from { session }', async () => {
    expect(await new ServerApi('t', fakeFetch(200, { sessions: [summary] })).sessions()).toEqual([{ ...summary, source: 'toolcards' }]); // a summary without a source is toolcards'
    const seen: Array<{ url: string; init?: RequestInit }> = [];
    expect(await new ServerApi('t', fakeFetch(201, { session: summary }, seen)).createSession()).toEqual({ ...summary, source: 'toolcards' });
    expect(seen[0]?.init?.method).toBe('POST');
  });

  it('asks for a result\'s text by session and encoded call id', async () => {
    const seen: Array<{ url: string; init?: RequestInit }> = [];
    const answer = { callId: 'c/1', isError: false, content: [{ type: 'text', text: 'x' }] };
    expect(await new ServerApi('t', fakeFetch(200, answer, seen)).resultText('s1', 'c/1')).toEqual(answer);
    expect(seen[0]?.url).toBe('/api/sessions/s1/results/c%2F1');
    await expect(new ServerApi('t', fakeFetch(404, { error: { code: 'UNKNOWN_RESULT', message: 'none' } })).resultText('s1', 'c')).rejects.toMatchObject({ code: 'UNKNOWN_RESULT' });
  });

  it('turns a 401 into UnauthorizedError', async () => {
    await expect(new ServerApi('bad', fakeFetch(401, { error: { code: 'UNAUTHORIZED', message: 'no' } })).info()).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('reports API errors and unexpected answers', async () => {
    await expect(new ServerApi('t', fakeFetch(500, { error: { code: 'INTERNAL', message: 'disk full' } })).sessions()).rejects.toMatchObject({ message: 'disk full', status: 500, code: 'INTERNAL' });
    await expect(new ServerApi('t', fakeFetch(200, [summary])).sessions()).rejects.toBeInstanceOf(ApiRequestError);
    await expect(new ServerApi('t', fakeFetch(200, { sessions: [{ id: 's1' }] })).sessions()).rejects.toBeInstanceOf(ApiRequestError);
    await expect(new ServerApi('t', fakeFetch(502, '<html>')).info()).rejects.toMatchObject({ status: 502 });
  });
});
