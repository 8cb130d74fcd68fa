import type { IncomingMessage, ServerResponse } from 'node:http';
import { readMetaFromMeta, searchMetaFromMeta, type OpenSessionResponse, type PinsResponse, type ResultTextResponse, type ServerInfo, type SessionListResponse, type SessionResponse, type SessionSummary } from '@toolcards/protocol';
import { clipTitle, type SessionStore } from '@toolcards/session';
import { matchApiRoute } from './api-routes';
import { fileLinesQueryOf } from '../file-views/file-lines-query';
import { fileCardsQueryOf, filesSeenQueryOf } from '../files-seen/files-seen-query';
import { sessionSearchQueryOf } from '../session-search/search-query';
import { searchSessions } from '../session-search/session-search';
import type { FileViewAnswer } from '../file-views/session-file-views';
import { fullResultQueryOf, type FullResults } from '../full-result/full-results';
import { sendApiError, sendJson } from './http-responses';
import { exportFileAnswer, exportPreviewAnswer, type ExportFileAnswer } from '../export/export-request';
import { BASE_SECURITY_HEADERS } from './csp';
import { apiErrorOf } from '../wire/api-error';
import type { SessionRegistry, SessionRuntime } from '../runtime/session-registry';
import type { PinStore } from '../pins/pin-store';
import { pinsBodyOf } from '../pins/pins-body';

export interface ApiDeps {
  info: ServerInfo;
  store: SessionStore;
  registry: SessionRegistry;
  /** Sessions listed by default: those created on this workspace. */
  workspaceRoot: string;
  fullResults: FullResults;
  /** Each session's pins, beside its log. */
  pins: PinStore;
  /** Other agents' sessions: the agent's own title for a mirror (its rename or summary line), when it gave one. */
  agentTitles?: {
    titleOf(id: string): string | undefined;
    notUnderstoodOf?(id: string): SessionSummary['notUnderstood'];
    /** Transcripts not mapped yet, listed from their heads (`mapping`): they stand in for their mirrors' partial summaries. */
    listedSessions?(): SessionSummary[];
  };
}

/**
 * Answers an authenticated /api request (see api-routes.ts for the routes).
 * A failure with a known cause gets its own status and code; anything else
 * rejects, and http-server.ts answers 500.
 */
export async function handleApiRequest(req: IncomingMessage, res: ServerResponse, url: URL, deps: ApiDeps): Promise<void> {
  try {
    await answer(req, res, url, deps);
  } catch (error) {
    const known = apiErrorOf(error);
    if (!known || res.headersSent) throw error;
    sendApiError(res, known.status, known.code, known.message);
  }
}

async function answer(req: IncomingMessage, res: ServerResponse, url: URL, deps: ApiDeps): Promise<void> {
  const route = matchApiRoute(req.method ?? 'GET', url.pathname);
  switch (route.kind) {
    case 'info':
      return sendJson(res, 200, deps.info);
    case 'list-sessions': {
      const all = url.searchParams.get('all');
      const fromHeads = deps.agentTitles?.listedSessions?.() ?? [];
      const heads = new Set(fromHeads.map((summary) => summary.id));
      const every = [...(await deps.store.list()).filter((summary) => !heads.has(summary.id)), ...fromHeads].sort(
        (a, b) => (a.lastActivity === b.lastActivity ? b.id.localeCompare(a.id) : b.lastActivity < a.lastActivity ? -1 : 1),
      );
      // This workspace's sessions, and every mirrored agent session (grouped by its folder in the panel).
      const listed = all === '1' || all === 'true' ? every : every.filter((summary) => summary.cwd === deps.workspaceRoot || summary.source !== 'toolcards');
      const sessions = listed.map((summary) => {
        if (summary.source === 'toolcards') return summary;
        const own = clipTitle(deps.agentTitles?.titleOf(summary.id) ?? '');
        const notUnderstood = deps.agentTitles?.notUnderstoodOf?.(summary.id);
        return { ...summary, ...(own === undefined ? {} : { title: own }), ...(notUnderstood === undefined ? {} : { notUnderstood }) };
      });
      return sendJson(res, 200, { sessions } satisfies SessionListResponse);
    }
    case 'create-session': {
      const runtime = await deps.registry.create();
      return sendJson(res, 201, { session: summaryOf(runtime, deps.store) } satisfies SessionResponse);
    }
    case 'open-session': {
      const runtime = await deps.registry.get(route.id);
      if (!runtime) return sendApiError(res, 404, 'UNKNOWN_SESSION', `no session "${route.id}"`);
      return sendJson(res, 200, {
        session: summaryOf(runtime, deps.store),
        header: runtime.live.header,
        problems: runtime.live.reopenReport?.problems ?? [],
      } satisfies OpenSessionResponse);
    }
    // The log's index finds the result, reading the head itself when the call is there.
    case 'result-text': {
      const runtime = await deps.registry.get(route.id, { viewing: true });
      if (!runtime) return sendApiError(res, 404, 'UNKNOWN_SESSION', `no session "${route.id}"`);
      const result = await runtime.live.resultOf(route.callId);
      if (!result) return sendApiError(res, 404, 'UNKNOWN_RESULT', `session "${route.id}" has no logged result for call "${route.callId}"`);
      const { callId, isError, content } = result.data;
      return sendJson(res, 200, { callId, isError, content } satisfies ResultTextResponse);
    }
    case 'full-result': {
      const query = fullResultQueryOf(url.searchParams);
      if (typeof query === 'string') return sendApiError(res, 400, 'BAD_REQUEST', query);
      const runtime = await deps.registry.get(route.id);
      if (!runtime) return sendApiError(res, 404, 'UNKNOWN_SESSION', `no session "${route.id}"`);
      const result = await runtime.live.resultOf(route.callId);
      if (!result) return sendApiError(res, 404, 'UNKNOWN_RESULT', `session "${route.id}" has no logged result for call "${route.callId}"`);
      const meta = result.data.isError ? undefined : searchMetaFromMeta(result.data.meta);
      if (meta === undefined) return sendApiError(res, 404, 'NO_FULL_RESULT', `call "${route.callId}" is not a search with a saved full result`);
      const answer = await deps.fullResults.answer(deps.store.spillDir(route.id), route.callId, meta, query);
      return answer.ok ? sendJson(res, 200, answer.body) : sendApiError(res, answer.status, answer.code, answer.message);
    }
    case 'read-freshness': {
      const runtime = await deps.registry.get(route.id);
      if (!runtime) return sendApiError(res, 404, 'UNKNOWN_SESSION', `no session "${route.id}"`);
      const result = await runtime.live.resultOf(route.callId);
      if (!result) return sendApiError(res, 404, 'UNKNOWN_RESULT', `session "${route.id}" has no logged result for call "${route.callId}"`);
      const meta = result.data.isError ? undefined : readMetaFromMeta(result.data.meta);
      if (meta === undefined) return sendApiError(res, 404, 'NOT_A_READ', `call "${route.callId}" is not a read of a file`);
      return sendAnswer(res, await runtime.files.freshness(route.callId, meta));
    }
    case 'file-lines': {
      const query = fileLinesQueryOf(url.searchParams);
      if (typeof query === 'string') return sendApiError(res, 400, 'BAD_REQUEST', query);
      const runtime = await deps.registry.get(route.id);
      if (!runtime) return sendApiError(res, 404, 'UNKNOWN_SESSION', `no session "${route.id}"`);
      return sendAnswer(res, await runtime.files.lines(query));
    }
    case 'files-seen': {
      const query = filesSeenQueryOf(url.searchParams);
      if (typeof query === 'string') return sendApiError(res, 400, 'BAD_REQUEST', query);
      const runtime = await deps.registry.get(route.id);
      if (!runtime) return sendApiError(res, 404, 'UNKNOWN_SESSION', `no session "${route.id}"`);
      return sendJson(res, 200, await runtime.seen.files(query.afterSeq));
    }
    case 'file-cards': {
      const query = fileCardsQueryOf(url.searchParams);
      if (typeof query === 'string') return sendApiError(res, 400, 'BAD_REQUEST', query);
      const runtime = await deps.registry.get(route.id);
      if (!runtime) return sendApiError(res, 404, 'UNKNOWN_SESSION', `no session "${route.id}"`);
      return sendJson(res, 200, await runtime.seen.cards(query.path));
    }
    // Pins live beside the log: the tail is enough (a page opening a long session asks for them at
    // once, and must not start its whole replay ahead of the tail it waits for).
    case 'read-pins': {
      const runtime = await deps.registry.get(route.id, { viewing: true });
      if (!runtime) return sendApiError(res, 404, 'UNKNOWN_SESSION', `no session "${route.id}"`);
      return sendJson(res, 200, (await deps.pins.read(route.id)) satisfies PinsResponse);
    }
    case 'write-pins': {
      const runtime = await deps.registry.get(route.id, { viewing: true });
      if (!runtime) return sendApiError(res, 404, 'UNKNOWN_SESSION', `no session "${route.id}"`);
      const body = await pinsBodyOf(req, runtime.live.nextSeq);
      if (typeof body === 'string') return sendApiError(res, 400, 'BAD_REQUEST', body);
      return sendJson(res, 200, { pins: await deps.pins.write(route.id, body.pins) } satisfies PinsResponse);
    }
    case 'export-preview': {
      // A mirror not mapped yet is mapped first, as when a page opens it.
      if (!(await deps.registry.get(route.id, { viewing: true }))) return sendApiError(res, 404, 'UNKNOWN_SESSION', `no session "${route.id}"`);
      const answer = await exportPreviewAnswer(deps.store.layout.root, route.id, url.searchParams);
      return answer.ok ? sendJson(res, 200, answer.body) : sendApiError(res, answer.status, answer.code, answer.message);
    }
    case 'export-file': {
      const runtime = await deps.registry.get(route.id, { viewing: true });
      if (!runtime) return sendApiError(res, 404, 'UNKNOWN_SESSION', `no session "${route.id}"`);
      const busy = runtime.tools.runningCallIds.length > 0 || (runtime.turns?.busy ?? false);
      const answer = await exportFileAnswer(deps.store.layout.root, route.id, url.searchParams, busy);
      if (!answer.ok) return sendApiError(res, answer.status, answer.code, answer.message);
      return sendExportFile(res, answer);
    }
    case 'search-sessions': {
      const query = sessionSearchQueryOf(url.searchParams);
      if (typeof query === 'string') return sendApiError(res, 400, 'BAD_REQUEST', query);
      // A search the client dropped (the next keystroke) stops its ripgrep.
      const gone = new AbortController();
      res.once('close', () => gone.abort());
      const outcome = await searchSessions(deps.store, query, gone.signal);
      if (res.destroyed) return;
      return outcome.ok ? sendJson(res, 200, outcome.response) : sendApiError(res, outcome.status, outcome.code, outcome.message);
    }
    case 'bad-session-id':
      return sendApiError(res, 400, 'BAD_SESSION_ID', 'a session id is 1–64 letters, digits, "_" or "-"');
    case 'method-not-allowed':
      return sendApiError(res, 405, 'METHOD_NOT_ALLOWED', `use ${route.allow.join(' or ')} here`, { Allow: route.allow.join(', ') });
    case 'not-found':
      return sendApiError(res, 404, 'NOT_FOUND', `no API route ${req.method} ${url.pathname}`);
  }
}

/** The export as a download, streamed as it is written (no length known ahead). */
async function sendExportFile(res: ServerResponse, answer: ExportFileAnswer): Promise<void> {
  res.writeHead(200, {
    ...BASE_SECURITY_HEADERS,
    'Content-Type': answer.contentType,
    'Content-Disposition': `attachment; filename="${answer.fileName}"`,
    'Cache-Control': 'no-store',
  });
  if (res.req.method === 'HEAD') return void res.end();
  await answer.write(res);
  res.end();
}

function sendAnswer<Body>(res: ServerResponse, answer: FileViewAnswer<Body>): void {
  if (answer.ok) sendJson(res, 200, answer.body);
  else sendApiError(res, answer.status, answer.code, answer.message);
}

function summaryOf(runtime: SessionRuntime, store: SessionStore): SessionSummary {
  const header = runtime.live.header;
  return (
    store.index.get(header.id) ?? {
      id: header.id,
      title: '',
      cwd: header.cwd,
      createdAt: header.createdAt,
      lastActivity: header.createdAt,
      eventCount: runtime.live.nextSeq,
      toolCalls: 0,
      paths: [],
      source: header.source ?? 'toolcards',
    }
  );
}
