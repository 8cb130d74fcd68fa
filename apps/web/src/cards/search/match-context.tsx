import { useEffect, useState } from 'react';
import type { ReadFileLine, SearchLineMatch } from '@toolcards/protocol';
import type { FileSource } from '../../net/file-source';
import { VisibleText } from '../text/visible-text';
import { MarkedText } from './marked-text';
import { CONTEXT_LINES, ContextFailed, ContextLoading } from './match-context-status';

type ContextState = { kind: 'loading' } | { kind: 'shown'; lines: ReadFileLine[] } | { kind: 'failed'; message: string };

/**
 * A match's surrounding lines, from the file as it is now, inline under its row: numbered,
 * with the match line marked (and the match itself, while the line is still as found).
 */
export function MatchContext({ path, match, source, id }: { path: string; match: SearchLineMatch; source: FileSource; id: string }) {
  const [state, setState] = useState<ContextState>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    const offset = Math.max(1, match.lineNumber - CONTEXT_LINES);
    source.lines(path, offset, match.lineNumber + CONTEXT_LINES - offset + 1).then(
      (answer) => live && setState({ kind: 'shown', lines: answer.lines }),
      (failure: unknown) => live && setState({ kind: 'failed', message: failure instanceof Error ? failure.message : String(failure) }),
    );
    return () => {
      live = false;
    };
  }, [source, path, match.lineNumber]);

  if (state.kind === 'loading') return <ContextLoading id={id} />;
  if (state.kind === 'failed') return <ContextFailed id={id} message={state.message} />;
  const matchNow = state.lines.find((line) => line.number === match.lineNumber);
  const sameLine = matchNow !== undefined && matchNow.text === match.line;
  return (
    <div id={id} className="tc-search__context" role="group" aria-label={`Lines ${state.lines[0]?.number ?? match.lineNumber}–${state.lines.at(-1)?.number ?? match.lineNumber} of ${path}`}>
      {state.lines.map((line) => {
        const isMatch = line.number === match.lineNumber;
        return (
          <div key={line.number} className={isMatch ? 'tc-search__context-row is-match' : 'tc-search__context-row'} aria-current={isMatch ? 'true' : undefined}>
            <span className="tc-search__context-number" aria-hidden="true" data-line-number={line.number} />
            <span className="tc-search__context-code">
              {isMatch && sameLine ? <MarkedText text={line.text} ranges={match.ranges ?? []} /> : line.text === '' ? <br /> : <VisibleText text={line.text} />}
            </span>
          </div>
        );
      })}
      {!sameLine && <p className="tc-read__grow-note" role="note">The file changed since the search: line {match.lineNumber} is different now.</p>}
    </div>
  );
}
