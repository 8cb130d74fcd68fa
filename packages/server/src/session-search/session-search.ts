import { availableParallelism } from 'node:os';
import path from 'node:path';
import { MAX_SEARCH_HITS, MAX_SEARCH_HITS_PER_SESSION, type SessionSearchHit, type SessionSearchResponse } from '@toolcards/protocol';
import type { SessionStore } from '@toolcards/session';
import { runRipgrep, type RipgrepOutcome } from '@toolcards/tools';
import { callLabelsFor } from './call-labels';
import { snippetForMatches } from './json-text-snippet';
import { readListedEvents } from './listed-events';
import { lineCountOf, locatedLineOf, type LocatedLine } from './located-line';
import { matchSpansIn } from './match-spans';
import { placeHit } from './search-hit';
import { countArgsFor, locateArgsFor, matchArgsFor, threadsArgFor, type LogTargets, type SessionSearchQuery } from './search-query';

export type SessionSearchOutcome =
  | { ok: true; response: SessionSearchResponse }
  | { ok: false; status: 400 | 503; code: 'BAD_REQUEST' | 'SEARCH_FAILED' | 'SEARCH_TIMEOUT'; message: string };

/**
 * A search answers or fails within this, every pass included: ripgrep is killed at the
 * deadline (locating or counting cut short → SEARCH_TIMEOUT); events not read back or
 * placed by then are counted in `more` or listed unmarked.
 */
export const SEARCH_TIMEOUT_MS = 4_000;
/** Past this many logs to count, the count pass reads the folder instead of a list of paths (argv stays small). */
const MAX_COUNTED_FILES = 500;

type Failure = Extract<SessionSearchOutcome, { ok: false }>;

/**
 * Searches every session log in the data dir with the packaged ripgrep: the logs are the
 * one place searched, tool calls and results included. ripgrep never prints a logged line:
 *   1. locate: each log's first matching lines, as file + line + byte offset (a few dozen
 *      bytes per record, however long the event);
 *   2. count: the matching lines of the logs that had more, so every matching event is
 *      listed or counted in `more`;
 *   3. the listed events are read back from their logs by offset, and bounded pieces of
 *      them go through ripgrep once more for where the matches are (the snippet and its
 *      mark: see matchSpansIn).
 * No query runs as a JavaScript regex; every pass shares one deadline.
 */
export async function searchSessions(store: SessionStore, query: SessionSearchQuery, signal: AbortSignal): Promise<SessionSearchOutcome> {
  const deadline = Date.now() + SEARCH_TIMEOUT_MS;
  const left = () => Math.max(1, deadline - Date.now());
  const sessionsDir = store.layout.sessionsDir;
  const matchArgs = matchArgsFor(query);
  const scanArgs = [threadsArgFor(availableParallelism()), ...matchArgs];

  // 1. Locate: one more line per log than it may list, so a matching header still leaves enough.
  const located = new Map<string, LocatedLine[]>();
  const locate = await runRipgrep({
    args: locateArgsFor(scanArgs, { dir: sessionsDir }, MAX_SEARCH_HITS_PER_SESSION + 1),
    cwd: sessionsDir,
    signal,
    timeoutMs: left(),
    separator: 10,
    onRecord(buffer, start, end) {
      const line = locatedLineOf(buffer.subarray(start, end), sessionsDir);
      if (!line) return;
      const lines = located.get(line.sessionId) ?? [];
      located.set(line.sessionId, lines);
      lines.push(line);
    },
  });
  const locateFailure = failureOf(locate, signal, located.size === 0);
  if (locateFailure) return locateFailure;

  // 2. Count where the locate pass stopped early, while the listed events are read: a log the
  // locate pass left full holds more events than it may list, so the list does not wait for it.
  const counted = new Map<string, number>();
  const full = [...located].filter(([, lines]) => lines.length > MAX_SEARCH_HITS_PER_SESSION).map(([sessionId]) => sessionId);
  const targets: LogTargets = full.length > MAX_COUNTED_FILES ? { dir: sessionsDir } : { files: full.map((sessionId) => path.join(sessionsDir, `${sessionId}.jsonl`)) };
  const counting: Promise<RipgrepOutcome | undefined> =
    full.length === 0
      ? Promise.resolve(undefined)
      : runRipgrep({
          args: countArgsFor(scanArgs, targets),
          cwd: sessionsDir,
          signal,
          timeoutMs: left(),
          separator: 10,
          onRecord(buffer, start, end) {
            const lines = lineCountOf(buffer.subarray(start, end), sessionsDir);
            if (lines) counted.set(lines.sessionId, lines.lines);
          },
        });

  // 3. List: newest activity first, then in log order — where a person most likely left what they look for.
  const sessions = [...located]
    .filter(([, lines]) => lines.some((line) => line.lineNumber > 1))
    .map(([sessionId]) => ({ sessionId, summary: store.index.get(sessionId) }))
    .sort((a, b) => (b.summary?.lastActivity ?? '').localeCompare(a.summary?.lastActivity ?? '') || a.sessionId.localeCompare(b.sessionId));
  const planned: { sessionId: string; title: string; lines: LocatedLine[] }[] = [];
  let budget = MAX_SEARCH_HITS;
  for (const { sessionId, summary } of sessions) {
    if (budget === 0) break;
    const lines = located.get(sessionId)!
      .filter((line) => line.lineNumber > 1)
      .sort((a, b) => a.lineNumber - b.lineNumber)
      .slice(0, Math.min(budget, MAX_SEARCH_HITS_PER_SESSION));
    budget -= lines.length;
    planned.push({ sessionId, title: summary?.title || sessionId, lines });
  }
  // Past the deadline the rest is not read: those events are counted in `more`, not listed.
  const read = await readListedEvents(
    planned.map(({ sessionId, lines }) => ({ file: path.join(sessionsDir, `${sessionId}.jsonl`), lines })),
    deadline,
  );
  if (signal.aborted) return cancelled();
  const unreadable = read.reduce((sum, { malformed }) => sum + malformed, 0);
  const listed = planned.flatMap(({ sessionId, title }, index) => (read[index]!.events.length > 0 ? [{ sessionId, title, events: read[index]!.events }] : []));

  const allListed = listed.flatMap((session) => session.events);
  const [spans, callLabels] = await Promise.all([
    matchSpansIn(
      allListed.map(({ line }) => line),
      matchArgs,
      signal,
      deadline,
    ),
    callLabelsFor(listed, sessionsDir, signal, deadline),
  ]);
  if (signal.aborted) return cancelled();

  const spansOf = new Map(allListed.map((listedEvent, index) => [listedEvent, spans[index]!]));
  const hits: SessionSearchHit[] = [];
  for (const { sessionId, title, events } of listed) {
    const labels = callLabels.get(sessionId) ?? new Map<string, string>();
    for (const listedEvent of events) {
      const placed = snippetForMatches(listedEvent.line, spansOf.get(listedEvent) ?? []);
      hits.push({ sessionId, title, seq: listedEvent.event.seq, ...placeHit(listedEvent.event, placed, labels) });
    }
  }
  const countOutcome = await counting;
  const countFailure = countOutcome && failureOf(countOutcome, signal, false);
  if (countFailure) return countFailure;
  // Events (not the header, line 1) that matched, per session.
  const eventCount = new Map<string, number>();
  for (const [sessionId, lines] of located) {
    const header = lines.some((line) => line.lineNumber === 1) ? 1 : 0;
    eventCount.set(sessionId, (counted.get(sessionId) ?? lines.length) - header);
  }
  const total = [...eventCount.values()].reduce((sum, count) => sum + Math.max(0, count), 0) - unreadable;
  const more = Math.max(0, total - hits.length);
  return { ok: true, response: { query: query.text, hits, truncated: more > 0, more, sessions: sessions.length } };
}

/** A pass that did not finish as it should → the answer; undefined when its records stand. */
function failureOf(outcome: RipgrepOutcome, signal: AbortSignal, nothingFound: boolean): Failure | undefined {
  if (signal.aborted) return cancelled();
  switch (outcome.kind) {
    case 'exited': {
      if (outcome.exitCode === 0 || outcome.exitCode === 1) return undefined;
      // Exit 2 with records: some log could not be read; the others' hits stand.
      if (outcome.exitCode === 2 && !nothingFound) return undefined;
      const reason = outcome.stderr.trim().split('\n').slice(0, 6).join('\n');
      return outcome.exitCode === 2
        ? { ok: false, status: 400, code: 'BAD_REQUEST', message: `ripgrep cannot search for this: ${reason}` }
        : { ok: false, status: 503, code: 'SEARCH_FAILED', message: `ripgrep failed (exit ${outcome.exitCode}): ${reason}` };
    }
    case 'timeout':
      return timedOut();
    case 'aborted':
      return cancelled();
    case 'out-of-memory':
      return { ok: false, status: 503, code: 'SEARCH_FAILED', message: 'ripgrep ran out of memory: narrow the search' };
    case 'failed':
      return { ok: false, status: 503, code: 'SEARCH_FAILED', message: outcome.message };
  }
}

function timedOut(): Failure {
  return { ok: false, status: 503, code: 'SEARCH_TIMEOUT', message: `the search took longer than ${SEARCH_TIMEOUT_MS / 1000} s: narrow it (a longer word, case, whole word)` };
}

function cancelled(): Failure {
  return { ok: false, status: 503, code: 'SEARCH_FAILED', message: 'the search was cancelled' };
}
