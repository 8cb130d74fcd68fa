import path from 'node:path';
import { MAX_SEARCH_HITS, MAX_SEARCH_HITS_PER_SESSION, parsedSessionEventSchema, type SessionEvent, type SessionSearchHit, type SessionSearchResponse } from '@toolcards/protocol';
import type { SessionStore } from '@toolcards/session';
import { runRipgrep } from '@toolcards/tools';
import { callLabel, placeHit } from './search-hit';
import { matcherFor, ripgrepArgsFor, type SessionSearchQuery } from './search-query';

export type SessionSearchOutcome =
  | { ok: true; response: SessionSearchResponse }
  | { ok: false; status: 400 | 503; code: 'BAD_REQUEST' | 'SEARCH_FAILED'; message: string };

/** A search never holds a request longer than this. */
const SEARCH_TIMEOUT_MS = 30_000;

interface LogHit {
  sessionId: string;
  event: SessionEvent;
}

/**
 * Searches every session log in the data dir with the packaged ripgrep: the logs are the
 * one place searched, tool calls and results included. ripgrep stops once enough hits are
 * in; each hit is parsed back into its event, named, and given a snippet.
 */
export async function searchSessions(store: SessionStore, query: SessionSearchQuery, signal: AbortSignal): Promise<SessionSearchOutcome> {
  const sessionsDir = store.layout.sessionsDir;
  const perSession = new Map<string, LogHit[]>();
  const overfull = new Set<string>();
  let listed = 0;
  const enough = new AbortController();
  const stop = () => enough.abort();
  signal.addEventListener('abort', stop, { once: true });
  try {
    const outcome = await runRipgrep({
      args: ripgrepArgsFor(query, sessionsDir, MAX_SEARCH_HITS_PER_SESSION),
      cwd: sessionsDir,
      signal: enough.signal,
      timeoutMs: SEARCH_TIMEOUT_MS,
      separator: 10,
      onRecord(buffer, start, end) {
        const hit = logHitOf(buffer.toString('utf8', start, end), sessionsDir);
        if (!hit) return;
        const hits = perSession.get(hit.sessionId) ?? [];
        perSession.set(hit.sessionId, hits);
        if (hits.length >= MAX_SEARCH_HITS_PER_SESSION) {
          overfull.add(hit.sessionId);
          return;
        }
        hits.push(hit);
        listed += 1;
        // One past the cap says there are more; then ripgrep can stop.
        if (listed > MAX_SEARCH_HITS) enough.abort();
      },
    });
    if (signal.aborted) return { ok: false, status: 503, code: 'SEARCH_FAILED', message: 'the search was cancelled' };
    if (outcome.kind === 'exited' && outcome.exitCode === 2 && perSession.size === 0) {
      const reason = outcome.stderr.trim().split('\n').slice(0, 6).join('\n');
      return { ok: false, status: 400, code: 'BAD_REQUEST', message: `ripgrep cannot search for this: ${reason}` };
    }
    if (outcome.kind === 'timeout') return { ok: false, status: 503, code: 'SEARCH_FAILED', message: `the search took longer than ${SEARCH_TIMEOUT_MS / 1000} s` };
    if (outcome.kind === 'failed') return { ok: false, status: 503, code: 'SEARCH_FAILED', message: outcome.message };
  } finally {
    signal.removeEventListener('abort', stop);
  }
  const callLabels = await callLabelsFor(perSession, sessionsDir, signal);
  return { ok: true, response: responseOf(store, query, perSession, callLabels, overfull.size > 0 || listed > MAX_SEARCH_HITS) };
}

/**
 * A result is named by its call ("grep capacitor"), which is on another log line than the
 * match: one more ripgrep pass, over the matched sessions only, finds the calls of the
 * results listed (by callId, as the log writes it) whose call line did not match itself.
 */
async function callLabelsFor(perSession: ReadonlyMap<string, LogHit[]>, sessionsDir: string, signal: AbortSignal): Promise<Map<string, Map<string, string>>> {
  const labels = new Map<string, Map<string, string>>();
  const labelsOf = (sessionId: string) => {
    let sessionLabels = labels.get(sessionId);
    if (!sessionLabels) labels.set(sessionId, (sessionLabels = new Map()));
    return sessionLabels;
  };
  const wanted = new Set<string>();
  const files = new Set<string>();
  for (const [sessionId, hits] of perSession) {
    const sessionLabels = labelsOf(sessionId);
    for (const { event } of hits) {
      if (event.type === 'tool/call') sessionLabels.set(event.data.callId, callLabel(event.data.name, event.data.args));
    }
    for (const { event } of hits) {
      if (event.type !== 'tool/result' || sessionLabels.has(event.data.callId)) continue;
      wanted.add(`"callId":${JSON.stringify(event.data.callId)},"name":`);
      files.add(path.join(sessionsDir, `${sessionId}.jsonl`));
    }
  }
  if (wanted.size === 0) return labels;
  await runRipgrep({
    args: ['--no-config', '--json', '--fixed-strings', '--no-ignore', '--hidden', ...[...wanted].map((pattern) => `--regexp=${pattern}`), '--', ...files],
    cwd: sessionsDir,
    signal,
    timeoutMs: SEARCH_TIMEOUT_MS,
    separator: 10,
    onRecord(buffer, start, end) {
      const hit = logHitOf(buffer.toString('utf8', start, end), sessionsDir);
      if (hit?.event.type === 'tool/call') labelsOf(hit.sessionId).set(hit.event.data.callId, callLabel(hit.event.data.name, hit.event.data.args));
    },
  });
  return labels;
}

/** The answer: sessions newest first, hits in log order; `callLabels` names each session's calls by callId. */
function responseOf(
  store: SessionStore,
  query: SessionSearchQuery,
  perSession: ReadonlyMap<string, LogHit[]>,
  callLabels: ReadonlyMap<string, ReadonlyMap<string, string>>,
  truncated: boolean,
): SessionSearchResponse {
  const matcher = matcherFor(query);
  // Newest activity first, then in log order: where a person most likely left what they look for.
  const sessions = [...perSession.entries()]
    .map(([sessionId, hits]) => ({ sessionId, hits, summary: store.index.get(sessionId) }))
    .sort((a, b) => (b.summary?.lastActivity ?? '').localeCompare(a.summary?.lastActivity ?? '') || a.sessionId.localeCompare(b.sessionId));
  const hits: SessionSearchHit[] = [];
  for (const { sessionId, hits: logHits, summary } of sessions) {
    const ordered = [...logHits].sort((a, b) => a.event.seq - b.event.seq);
    const labels = callLabels.get(sessionId) ?? new Map<string, string>();
    for (const { event } of ordered) {
      if (hits.length >= MAX_SEARCH_HITS) break;
      hits.push({ sessionId, title: summary?.title || sessionId, seq: event.seq, ...placeHit(event, matcher, labels) });
    }
  }
  return { query: query.text, hits, truncated: truncated || hits.length < [...perSession.values()].reduce((sum, list) => sum + list.length, 0), sessions: perSession.size };
}

/** A ripgrep `match` record → the session and the event on that log line; anything else → undefined. */
function logHitOf(record: string, sessionsDir: string): LogHit | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(record);
  } catch {
    return undefined;
  }
  const match = parsed as { type?: string; data?: { path?: { text?: string }; lines?: { text?: string } } };
  if (match.type !== 'match') return undefined;
  const file = match.data?.path?.text;
  const line = match.data?.lines?.text;
  if (typeof file !== 'string' || typeof line !== 'string') return undefined;
  const relative = path.relative(sessionsDir, path.resolve(sessionsDir, file));
  if (relative.includes(path.sep) || !relative.endsWith('.jsonl')) return undefined;
  let event: unknown;
  try {
    event = JSON.parse(line);
  } catch {
    // A torn last line.
    return undefined;
  }
  const narrowed = parsedSessionEventSchema.safeParse(event);
  // The header line (type "session") and malformed lines are not events to open.
  return narrowed.success ? { sessionId: relative.slice(0, -'.jsonl'.length), event: narrowed.data } : undefined;
}
