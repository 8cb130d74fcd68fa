import { useMemo } from 'react';
import { textQueryPattern, type TextQuery } from '@toolcards/protocol';
import { useSessionState } from '../store/client-context';
import { SessionFindIndex, type FindResult } from './session-find-index';

export type SessionFind =
  | { state: 'empty' }
  | { state: 'invalid'; message: string }
  | { state: 'found'; pattern: RegExp; result: FindResult };

/**
 * The hits of `query` in the open session's rows: one index per session (a row's texts are
 * joined once), searched again when the query or the rows change (the store publishes at
 * most every 100 ms while events stream in).
 */
export function useSessionFind(query: TextQuery): SessionFind {
  const sessionId = useSessionState((state) => state.sessionId);
  // Not deferred: the timeline's row bodies mount in transitions, and a deferred search
  // waiting behind them could show a stale count for long. A search is one regex pass per row.
  const rows = useSessionState((state) => state.rows);
  // A new session, a new index (its entries are keyed by row objects of that session).
  const index = useMemo(() => new SessionFindIndex(), [sessionId]);
  const pattern = useMemo(() => (query.text === '' ? undefined : textQueryPattern(query)), [query]);
  return useMemo((): SessionFind => {
    if (pattern === undefined) return { state: 'empty' };
    if (!pattern.ok) return { state: 'invalid', message: pattern.message };
    return { state: 'found', pattern: pattern.regexp, result: index.search(rows, pattern.regexp) };
  }, [index, rows, pattern]);
}
