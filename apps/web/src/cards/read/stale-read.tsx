import { useState } from 'react';
import type { ReadFileLine, ReadFreshnessState, ReadResultView } from '@toolcards/protocol';
import { MAX_FILE_LINES_REQUEST } from '@toolcards/protocol';
import type { FileSource } from './file-source';
import type { ReadDiffRow } from './read-diff';

type StaleState = Exclude<ReadFreshnessState, 'unchanged'>;

const BADGE_TEXT: Record<StaleState, string> = {
  'changed-inside': 'changed since read',
  'changed-outside': 'changed since read (not these lines)',
  deleted: 'deleted since read',
};

const BADGE_TITLE: Record<StaleState, string> = {
  'changed-inside': 'The file changed on disk after the agent read it, and these lines are different now.',
  'changed-outside': 'The file changed on disk after the agent read it, elsewhere: these lines are still the same.',
  deleted: 'The file was deleted after the agent read it.',
};

/** The header badge of a read whose file changed on disk after the read. */
export function StaleBadge({ state }: { state: StaleState }) {
  return (
    <span className={state === 'deleted' ? 'tc-read__stale is-deleted' : 'tc-read__stale'} title={BADGE_TITLE[state]}>
      {BADGE_TEXT[state]}
    </span>
  );
}

interface StaleReadProps {
  view: ReadResultView;
  state: StaleState;
  source: FileSource | undefined;
  /** A new, logged read of the window (the read card's ReadNextRequest shape). */
  onReadAgain: ((request: { path: string; offset: number; limit: number }) => void) | undefined;
}

type DiffState = { kind: 'closed' } | { kind: 'loading' } | { kind: 'shown'; rows: ReadDiffRow[] } | { kind: 'failed'; message: string };

/** What a stale read offers: the diff between what the agent saw and the same lines now, and a new read. */
export function StaleRead({ view, state, source, onReadAgain }: StaleReadProps) {
  const [diff, setDiff] = useState<DiffState>({ kind: 'closed' });
  const canDiff = source !== undefined && state === 'changed-inside' && view.lines.length > 0;
  const toggleDiff = () => {
    if (!source || diff.kind === 'loading') return;
    if (diff.kind === 'shown' || diff.kind === 'failed') {
      setDiff({ kind: 'closed' });
      return;
    }
    setDiff({ kind: 'loading' });
    // The diff library comes with the first "Show changes", not with the page.
    Promise.all([linesNow(source, view), import('./read-diff')]).then(
      ([now, { readDiffRows }]) => setDiff({ kind: 'shown', rows: readDiffRows(view.lines, now) }),
      (failure: unknown) => setDiff({ kind: 'failed', message: failure instanceof Error ? failure.message : String(failure) }),
    );
  };
  if (!canDiff && (state === 'deleted' || !onReadAgain)) return null;
  return (
    <div className="tc-read__stale-bar">
      {canDiff && (
        <button type="button" className="tc-card__action" aria-expanded={diff.kind === 'shown'} onClick={toggleDiff} disabled={diff.kind === 'loading'}>
          {diff.kind === 'loading' ? 'Loading changes…' : diff.kind === 'shown' ? 'Hide changes' : 'Show changes'}
        </button>
      )}
      {onReadAgain && (
        <button
          type="button"
          className="tc-card__action"
          title={`a new read of ${view.path}, lines ${view.offset}–${view.offset + Math.max(1, view.lines.length) - 1}, logged like any other`}
          onClick={() => onReadAgain({ path: view.path, offset: view.offset, limit: Math.max(1, view.lines.length) })}
        >
          Read again
        </button>
      )}
      {diff.kind === 'failed' && <p role="alert" className="tc-read__grow-note">Could not load the changes: {diff.message}</p>}
      {diff.kind === 'shown' && <ReadDiffView rows={diff.rows} />}
    </div>
  );
}

/** The window's lines as they are now, page by page (a read window can exceed one request). */
async function linesNow(source: FileSource, view: ReadResultView): Promise<ReadFileLine[]> {
  const first = view.lines[0]!.number;
  const last = view.lines.at(-1)!.number;
  const lines: ReadFileLine[] = [];
  let next = first;
  while (next <= last) {
    const answer = await source.lines(view.path, next, Math.min(MAX_FILE_LINES_REQUEST, last - next + 1)).catch((failure: unknown) => {
      // Shorter than the window now: what is left is the diff's "after".
      if (lines.length > 0 || next > first) return undefined;
      throw failure;
    });
    const page = answer?.lines.filter((line) => line.number >= next && line.number <= last) ?? [];
    if (page.length === 0) break;
    lines.push(...page);
    next = page.at(-1)!.number + 1;
  }
  return lines;
}

const ROW_MARK: Record<ReadDiffRow['kind'], string> = { hunk: '', same: ' ', removed: '−', added: '+' };

/** A unified diff, in the card: what the agent read (−) against the same lines now (+). */
function ReadDiffView({ rows }: { rows: readonly ReadDiffRow[] }) {
  if (rows.length === 0) return <p className="tc-read__grow-note" role="note">These lines are the same as when the agent read them.</p>;
  return (
    <div className="tc-read__diff" role="region" aria-label="Changes since the read" tabIndex={0}>
      {rows.map((row, index) =>
        row.kind === 'hunk' ? (
          <div key={index} className="tc-read__diff-row is-hunk">
            {row.text}
          </div>
        ) : (
          <div key={index} className={`tc-read__diff-row is-${row.kind}`}>
            <span className="tc-read__diff-number" aria-hidden="true" data-line-number={row.kind === 'added' ? '' : row.before} />
            <span className="tc-read__diff-number" aria-hidden="true" data-line-number={row.kind === 'removed' ? '' : row.after} />
            <span className="tc-read__diff-mark" aria-label={row.kind === 'same' ? undefined : row.kind}>
              {ROW_MARK[row.kind]}
            </span>
            <span className="tc-read__diff-code">{row.text === '' ? <br /> : row.text}</span>
          </div>
        ),
      )}
    </div>
  );
}
