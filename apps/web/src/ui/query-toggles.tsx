import type { TextQuery } from '@toolcards/protocol';

/** What a text query asks besides its text: case, whole words, regular expression. */
export type TextQueryOptions = Omit<TextQuery, 'text'>;

const TOGGLES: { key: keyof TextQueryOptions; label: string; short: string }[] = [
  { key: 'caseSensitive', label: 'Match case', short: 'Aa' },
  { key: 'wholeWord', label: 'Whole word', short: 'W' },
  { key: 'regex', label: 'Regular expression', short: '.*' },
];

/**
 * The three query toggles of a search box (find in session, search all sessions), each a
 * pressed-or-not button. A fragment: the buttons sit in the box's own flex row.
 */
export function QueryToggles({ options, onChange }: { options: TextQueryOptions; onChange: (options: TextQueryOptions) => void }) {
  return (
    <>
      {TOGGLES.map((toggle) => (
        <button
          key={toggle.key}
          type="button"
          className="query-toggle"
          aria-pressed={options[toggle.key]}
          aria-label={toggle.label}
          title={toggle.label}
          onClick={() => onChange({ ...options, [toggle.key]: !options[toggle.key] })}
        >
          {toggle.short}
        </button>
      ))}
    </>
  );
}
