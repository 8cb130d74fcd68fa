import { useEffect, useMemo, useRef, useState } from 'react';
import type { TextQuery } from '@toolcards/protocol';
import { formatCount } from '../cards/frame/count-text';
import { useClient, useSessionState } from '../store/client-context';
import { goToFindHit } from './go-to-find-hit';
import { clearFindMarks } from './mark-find-hit';
import { QueryToggles, type TextQueryOptions } from '../ui/query-toggles';
import { useSessionFind } from './use-session-find';
import { publishFindHitRows } from '../overview-strip/strip-find-hits';

/**
 * "Find in session": every text the session's cards and messages show, mounted or not,
 * collapsed or not. Enter and Shift+Enter move between hits; each is scrolled to, opened
 * and marked. Escape closes the bar (`onClose` returns focus where it was).
 */
export function FindBar({ onClose, focusSerial }: { onClose: () => void; focusSerial: number }) {
  const client = useClient();
  const hasOlder = useSessionState((state) => state.history.hasOlder);
  const [text, setText] = useState('');
  const [options, setOptions] = useState<TextQueryOptions>({ caseSensitive: false, wholeWord: false, regex: false });
  const query = useMemo((): TextQuery => ({ text, ...options }), [text, options]);
  const [current, setCurrent] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const find = useSessionFind(query);
  const hits = find.state === 'found' ? find.result.hits : [];

  // Ctrl/Cmd+F again while open: back to the box, its text selected.
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [focusSerial]);

  useEffect(() => setCurrent(0), [query]);
  useEffect(() => () => clearFindMarks(), []);
  // The overview strip marks the rows with hits; none once the bar closes.
  const found = find.state === 'found' ? find.result : undefined;
  useEffect(() => publishFindHitRows(found?.hits ?? []), [found]);
  useEffect(() => () => publishFindHitRows([]), []);

  const hit = hits[Math.min(current, hits.length - 1)];
  const pattern = find.state === 'found' ? find.pattern : undefined;
  useEffect(() => {
    if (!hit || !pattern) {
      clearFindMarks();
      return undefined;
    }
    return goToFindHit(client.store, hit, pattern);
  }, [client, hit, pattern]);

  const step = (by: number) => {
    if (hits.length === 0) return;
    setCurrent((at) => (Math.min(at, hits.length - 1) + by + hits.length) % hits.length);
  };

  return (
    <div className="find-bar" role="search" aria-label="Find in session">
      <input
        ref={input}
        type="search"
        className="find-bar__input"
        placeholder="Find in session"
        aria-label="Find in session"
        aria-invalid={find.state === 'invalid' || undefined}
        aria-describedby="find-bar-status"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            step(event.shiftKey ? -1 : 1);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          }
        }}
      />
      <QueryToggles options={options} onChange={setOptions} />
      <span id="find-bar-status" data-query={query.text} className={find.state === 'invalid' ? 'find-bar__status is-error' : 'find-bar__status'} role={find.state === 'invalid' ? 'alert' : 'status'}>
        {statusText(find, Math.min(current, hits.length - 1) + 1, hasOlder)}
      </span>
      <button type="button" className="find-bar__step" aria-label="Previous match" title="Previous match (Shift+Enter)" disabled={hits.length === 0} onClick={() => step(-1)}>
        ↑
      </button>
      <button type="button" className="find-bar__step" aria-label="Next match" title="Next match (Enter)" disabled={hits.length === 0} onClick={() => step(1)}>
        ↓
      </button>
      <button type="button" className="find-bar__step" aria-label="Close find" title="Close (Escape)" onClick={onClose}>
        ×
      </button>
    </div>
  );
}

function statusText(find: ReturnType<typeof useSessionFind>, position: number, hasOlder: boolean): string {
  const loading = hasOlder ? ' (older events still loading)' : '';
  switch (find.state) {
    case 'empty':
      return '';
    case 'invalid':
      return `Not a valid regular expression: ${find.message}`;
    case 'found': {
      const { hits, capped } = find.result;
      if (hits.length === 0) return `No results${loading}`;
      return `${formatCount(position)} of ${formatCount(hits.length)}${capped ? '+' : ''}${loading}`;
    }
  }
}
