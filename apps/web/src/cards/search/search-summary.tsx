import type { CallLocation } from '@toolcards/protocol';
import { escapedText } from '../text/invisible-characters';
import { VisibleText } from '../text/visible-text';

interface SearchSummaryProps {
  text: string;
  /** Where the full result was saved, when the card shows only part of it. */
  spillPath?: string;
  truncated: boolean;
  /** Nothing was found: the line is the card's explicit empty state. */
  empty: boolean;
  onOpenLocation?: (location: CallLocation) => void;
  /**
   * The card can show the complete result itself: the banner offers "Show all N" (or, once
   * shown, a way back) instead of opening the spill file as text.
   */
  full?: { total: string; showing: boolean; onToggle: () => void };
}

/** The summary line; when truncated, the banner that says where the rest is. */
export function SearchSummary({ text, spillPath, truncated, empty, onOpenLocation, full }: SearchSummaryProps) {
  const className = ['tc-search__summary', truncated ? 'tc-search__summary--truncated' : '', empty ? 'tc-card__empty' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <p className={className}>
      {text}
      {truncated && spillPath !== undefined && full !== undefined && (
        <>
          {' — '}
          <button type="button" className="tc-search__show-all" title={escapedText(spillPath)} aria-pressed={full.showing} onClick={full.onToggle}>
            {full.showing ? 'Show the first page only' : `Show all ${full.total}`}
          </button>
        </>
      )}
      {truncated && spillPath !== undefined && full === undefined && (
        <>
          {' — full result: '}
          <button
            type="button"
            className="tc-search__spill"
            aria-label={`Open the full result: ${escapedText(spillPath)}`}
            onClick={() => onOpenLocation?.({ path: spillPath })}
          >
            <VisibleText text={spillPath} />
          </button>
        </>
      )}
    </p>
  );
}
