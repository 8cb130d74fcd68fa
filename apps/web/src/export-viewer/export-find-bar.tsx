import { useEffect, useMemo, useRef, useState } from 'react';
import type { TimelineRow } from '../model/timeline-row';
import { exportFindHits, type ExportFindHit } from './export-find-hits';

/**
 * Find in this file: Enter and Shift+Enter move between the cards that show the text (each
 * brought into view, a search card's group opened), Escape closes. Bound to Ctrl/Cmd+F.
 */
export function ExportFindBar({
  rows,
  focusSerial,
  onHit,
  onClose,
}: {
  rows: readonly TimelineRow[];
  focusSerial: number;
  onHit: (hit: ExportFindHit | undefined) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [current, setCurrent] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const hits = useMemo(() => exportFindHits(rows, text), [rows, text]);

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [focusSerial]);
  useEffect(() => setCurrent(0), [text]);
  const hit = hits.length === 0 ? undefined : hits[Math.min(current, hits.length - 1)];
  useEffect(() => onHit(hit), [hit, onHit]);

  const step = (by: number) => hits.length > 0 && setCurrent((at) => (Math.min(at, hits.length - 1) + by + hits.length) % hits.length);
  const status = text === '' ? '' : hits.length === 0 ? 'No results' : `${Math.min(current, hits.length - 1) + 1} of ${hits.length}`;
  return (
    <div className="ev-find" role="search">
      <input
        ref={input}
        type="search"
        className="ev-find__input"
        aria-label="Find in this file"
        placeholder="Find in this file"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            step(event.shiftKey ? -1 : 1);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onHit(undefined);
            onClose();
          }
        }}
      />
      <span className="ev-find__status" role="status" aria-live="polite">
        {status}
      </span>
      <button type="button" onClick={() => step(-1)} disabled={hits.length === 0} aria-label="Previous result">
        ↑
      </button>
      <button type="button" onClick={() => step(1)} disabled={hits.length === 0} aria-label="Next result">
        ↓
      </button>
      <button
        type="button"
        onClick={() => {
          onHit(undefined);
          onClose();
        }}
        aria-label="Close find"
      >
        ✕
      </button>
    </div>
  );
}
