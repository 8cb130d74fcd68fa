import type { SearchContextLine } from '@toolcards/protocol';
import { VisibleText } from '../text/visible-text';
import { clipLine } from './clip-line';

/**
 * The lines a search printed around a match (another agent's grep -C), above or below the
 * match row: numbered, dimmed, not buttons (they are not matches), clipped like the match.
 */
export function LoggedContext({ lines, lineChars, side }: { lines: readonly SearchContextLine[]; lineChars: number; side: 'before' | 'after' }) {
  if (lines.length === 0) return null;
  const first = lines[0]!.lineNumber;
  const last = lines.at(-1)!.lineNumber;
  return (
    <div className={`tc-search__logged-context is-${side}`} role="group" aria-label={first === last ? `Context line ${first}` : `Context lines ${first}–${last}`}>
      {lines.map((line) => (
        <div key={line.lineNumber} className="tc-search__logged-line">
          <span className="tc-search__line-number" aria-hidden="true">
            {line.lineNumber}
          </span>
          <span className="tc-search__line-text">{line.line === '' ? '\u00a0' : <VisibleText text={clipLine(line.line, undefined, lineChars).text} />}</span>
        </div>
      ))}
    </div>
  );
}

/** A match's logged context split at the match line. */
export function contextAround(context: readonly SearchContextLine[] | undefined, lineNumber: number): { before: SearchContextLine[]; after: SearchContextLine[] } {
  const lines = context ?? [];
  return { before: lines.filter((line) => line.lineNumber < lineNumber), after: lines.filter((line) => line.lineNumber > lineNumber) };
}
