import { useEffect, useState } from 'react';
import type { SessionSearchResponse } from '@toolcards/protocol';
import { MarkedText } from '../cards/search/marked-text';
import { countText, formatCount } from '../cards/frame/count-text';
import { VisibleText } from '../cards/text/visible-text';
import { QueryToggles, type TextQueryOptions } from '../ui/query-toggles';
import { useClient } from '../store/client-context';

/** Typing pauses this long before a search starts: one request per word, not per key. */
const TYPING_PAUSE_MS = 150;

type Search = { state: 'idle' } | { state: 'searching' } | { state: 'done'; answer: SessionSearchResponse } | { state: 'failed'; message: string };

/**
 * Search every session's log (messages, tool calls and results) on the server; each hit
 * opens its card. A new keystroke aborts the search before it. While a query is typed the
 * results take the list's place (`onActive`).
 */
export function SessionSearch({ onOpened, onActive }: { onOpened: () => void; onActive: (active: boolean) => void }) {
  const client = useClient();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<TextQueryOptions>({ caseSensitive: false, wholeWord: false, regex: false });
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  const active = text.trim() !== '';

  useEffect(() => onActive(active), [active, onActive]);

  useEffect(() => {
    if (!active) {
      setSearch({ state: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setSearch({ state: 'searching' });
      client.searchSessions({ text, ...options }, controller.signal).then(
        (answer) => setSearch({ state: 'done', answer }),
        (error: unknown) => {
          if (!controller.signal.aborted) setSearch({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
        },
      );
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [client, text, options, active]);

  return (
    <div className="session-search" role="search">
      <div className="session-search__bar">
        <input
          type="search"
          className="session-search__input"
          placeholder="Search all sessions"
          aria-label="Search all sessions"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && text !== '') {
              event.preventDefault();
              setText('');
            }
          }}
        />
        <QueryToggles options={options} onChange={setOptions} />
      </div>
      {active && <SearchResults search={search} onOpen={(sessionId, seq) => (client.openCard(sessionId, seq), onOpened())} />}
    </div>
  );
}

function SearchResults({ search, onOpen }: { search: Search; onOpen: (sessionId: string, seq: number) => void }) {
  switch (search.state) {
    case 'idle':
    case 'searching':
      return <p className="session-list__status" role="status">Searching…</p>;
    case 'failed':
      return (
        <p className="session-list__status session-list__status--error" role="alert">
          <VisibleText text={search.message} />
        </p>
      );
    case 'done': {
      const { hits, sessions, more } = search.answer;
      return (
        <>
          <p className="session-list__status" role="status">
            {hits.length === 0 && more === 0
              ? 'No session has this.'
              : `${countText(hits.length, 'hit', 'hits')} in ${countText(sessions, 'session', 'sessions')}${more > 0 ? `, ${formatCount(more)} more not listed: narrow the search to see them` : ''}`}
          </p>
          <ul className="session-search__hits" aria-label="Search results">
            {hits.map((hit) => (
              <li key={`${hit.sessionId}/${hit.seq}`}>
                <button type="button" className="session-search__hit" onClick={() => onOpen(hit.sessionId, hit.seq)}>
                  <span className="session-search__title">
                    <VisibleText text={hit.title} />
                  </span>
                  <span className="session-search__label">
                    <VisibleText text={hit.label} />
                  </span>
                  <span className="session-search__snippet">
                    <MarkedText text={hit.snippet} ranges={hit.ranges} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      );
    }
  }
}
