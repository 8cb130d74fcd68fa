import {
  apiErrorSchema,
  fileCardsResponseSchema,
  fileLinesResponseSchema,
  filesSeenResponseSchema,
  fullResultOutlineSchema,
  fullResultPageSchema,
  pinsResponseSchema,
  readFreshnessResponseSchema,
  resultTextResponseSchema,
  serverInfoSchema,
  sessionSearchResponseSchema,
  sessionListResponseSchema,
  sessionResponseSchema,
  type FileCardsResponse,
  type FileLinesResponse,
  type FilesSeenResponse,
  type FullResultOutline,
  type FullResultPage,
  type Pin,
  type PinsResponse,
  type ReadFreshnessResponse,
  type ResultTextResponse,
  type ServerInfo,
  type SessionSearchResponse,
  type TextQuery,
  type SessionSummary,
} from '@toolcards/protocol';

/** The server refused the token (it restarted with a new one, or the URL had none). */
export class UnauthorizedError extends Error {
  constructor() {
    super('The server did not accept this page\'s token.');
    this.name = 'UnauthorizedError';
  }
}

export class ApiRequestError extends Error {
  constructor(message: string, readonly status: number, readonly code?: string) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * The HTTP API, each answer checked against the protocol schema. Authorized by the page's
 * token when it has one (bearer), else by the HttpOnly cookie the start URL left.
 */
export class ServerApi {
  constructor(
    private readonly token: string | undefined,
    private readonly fetchImpl: typeof fetch = (...args) => fetch(...args),
    private readonly base = '',
  ) {}

  info(): Promise<ServerInfo> {
    return this.request('GET', '/api/info', (body) => parsedWith(serverInfoSchema, body));
  }

  /** This workspace's sessions, newest activity first (the server answers `{ sessions }`). */
  sessions(): Promise<SessionSummary[]> {
    return this.request('GET', '/api/sessions', (body) => parsedWith(sessionListResponseSchema, body)?.sessions);
  }

  /** A new session on the server's workspace (the server answers 201 `{ session }`). */
  createSession(): Promise<SessionSummary> {
    return this.request('POST', '/api/sessions', (body) => parsedWith(sessionResponseSchema, body)?.session);
  }

  /** A logged result's model-facing text (history sends results without it). */
  resultText(sessionId: string, callId: string): Promise<ResultTextResponse> {
    const path = `/api/sessions/${encodeURIComponent(sessionId)}/results/${encodeURIComponent(callId)}`;
    return this.request('GET', path, (body) => parsedWith(resultTextResponseSchema, body));
  }

  /** A capped search's complete result: its outline (files and counts, or a path count). */
  fullResultOutline(sessionId: string, callId: string): Promise<FullResultOutline> {
    return this.request('GET', fullResultPath(sessionId, callId), (body) => parsedWith(fullResultOutlineSchema, body));
  }

  /** A page of it: a grep file's matches (`file`), or a glob's paths. */
  fullResultPage(sessionId: string, callId: string, query: FullResultQuery): Promise<FullResultPage> {
    const params = new URLSearchParams({ offset: String(query.offset), limit: String(query.limit) });
    if (query.file !== undefined) params.set('file', String(query.file));
    return this.request('GET', `${fullResultPath(sessionId, callId)}?${params}`, (body) => parsedWith(fullResultPageSchema, body));
  }

  /** Lines of a workspace file as it is now (a view: not logged, not sent to the model). */
  fileLines(sessionId: string, query: { path: string; offset: number; limit: number }): Promise<FileLinesResponse> {
    const params = new URLSearchParams({ path: query.path, offset: String(query.offset), limit: String(query.limit) });
    return this.request('GET', `/api/sessions/${encodeURIComponent(sessionId)}/lines?${params}`, (body) => parsedWith(fileLinesResponseSchema, body));
  }

  /** How a logged read's file compares with what was read; the server watches the file from then on. */
  readFreshness(sessionId: string, callId: string): Promise<ReadFreshnessResponse> {
    const path = `/api/sessions/${encodeURIComponent(sessionId)}/results/${encodeURIComponent(callId)}/freshness`;
    return this.request('GET', path, (body) => parsedWith(readFreshnessResponseSchema, body));
  }

  /** The files a session's cards showed (read coverage, grep hits, glob listings); with `afterSeq`, only those touched after it. */
  filesSeen(sessionId: string, afterSeq?: number): Promise<FilesSeenResponse> {
    const query = afterSeq === undefined ? '' : `?after=${afterSeq}`;
    return this.request('GET', `/api/sessions/${encodeURIComponent(sessionId)}/files${query}`, (body) => parsedWith(filesSeenResponseSchema, body));
  }

  /** One of those files with every card that touched it, in log order. */
  fileCards(sessionId: string, path: string): Promise<FileCardsResponse> {
    const params = new URLSearchParams({ path });
    return this.request('GET', `/api/sessions/${encodeURIComponent(sessionId)}/files/cards?${params}`, (body) => parsedWith(fileCardsResponseSchema, body));
  }

  /** The cards pinned in a session (kept beside its log, never in it). */
  pins(sessionId: string): Promise<PinsResponse> {
    return this.request('GET', pinsPath(sessionId), (body) => parsedWith(pinsResponseSchema, body));
  }

  /** Replaces a session's pins; the answer is the pins as saved. */
  savePins(sessionId: string, pins: readonly Pin[]): Promise<PinsResponse> {
    return this.request('PUT', pinsPath(sessionId), (body) => parsedWith(pinsResponseSchema, body), undefined, JSON.stringify({ pins }));
  }

  /** Events of any session whose log matches (tool calls and results included); `signal` drops a superseded search. */
  searchSessions(query: SessionSearchRequest, signal?: AbortSignal): Promise<SessionSearchResponse> {
    const params = new URLSearchParams({ q: query.text });
    if (query.caseSensitive) params.set('case', '1');
    if (query.wholeWord) params.set('word', '1');
    if (query.regex) params.set('regex', '1');
    return this.request('GET', `/api/search?${params}`, (body) => parsedWith(sessionSearchResponseSchema, body), signal);
  }

  private async request<T>(method: 'GET' | 'POST' | 'PUT', path: string, narrow: (body: unknown) => T | undefined, signal?: AbortSignal, body?: string): Promise<T> {
    const accept: Record<string, string> = body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' };
    const response = await this.fetchImpl(`${this.base}${path}`, {
      method,
      ...(signal ? { signal } : {}),
      ...(body === undefined ? {} : { body }),
      headers: this.token === undefined ? accept : { Authorization: `Bearer ${this.token}`, ...accept },
    });
    if (response.status === 401) throw new UnauthorizedError();
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      throw new ApiRequestError(`${method} ${path}: HTTP ${response.status}, not JSON`, response.status);
    }
    if (!response.ok) {
      const problem = apiErrorSchema.safeParse(answer);
      throw problem.success
        ? new ApiRequestError(problem.data.error.message, response.status, problem.data.error.code)
        : new ApiRequestError(`${method} ${path}: HTTP ${response.status}`, response.status);
    }
    const parsed = narrow(answer);
    if (parsed === undefined) throw new ApiRequestError(`${method} ${path}: the server's answer is not what this client expects`, response.status);
    return parsed;
  }
}

function parsedWith<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, value: unknown): T | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

function pinsPath(sessionId: string): string {
  return `/api/sessions/${encodeURIComponent(sessionId)}/pins`;
}

/** What to search the session logs for, and how. */
export type SessionSearchRequest = TextQuery;

/** Which page of a full result to fetch. */
export interface FullResultQuery {
  file?: number;
  offset: number;
  limit: number;
}

function fullResultPath(sessionId: string, callId: string): string {
  return `/api/sessions/${encodeURIComponent(sessionId)}/results/${encodeURIComponent(callId)}/full`;
}
