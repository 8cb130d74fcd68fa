import { lazy, useMemo, useState } from 'react';
import type { DiffHunk, ReadFileLine, ReadResultView } from '@toolcards/protocol';
import { MAX_FILE_LINES_REQUEST } from '@toolcards/protocol';
import { LoadFailureBoundary } from '../../ui/load-failure-boundary';
import type { FileSource } from '../../net/file-source';
import type { StaleState } from './stale-badge';

// The one hunk view of the app (the diff card's), loaded with the first "Show changes".
const loadDiffFileBody = () => import('../diff/diff-file-body');
const DiffFileBody = lazy(() => loadDiffFileBody().then((module) => ({ default: module.DiffFileBody })));

interface StaleReadProps {
  view: ReadResultView;
  state: StaleState;
  source: FileSource | undefined;
  /** A new, logged read of the window (the read card's ReadNextRequest shape). */
  onReadAgain: ((request: { path: string; offset: number; limit: number }) => void) | undefined;
}

type DiffState = { kind: 'closed' } | { kind: 'loading' } | { kind: 'shown'; hunks: DiffHunk[] } | { kind: 'failed'; message: string };

/** What a stale read offers (loaded with the first stale read, read-card.tsx): the diff between what the agent saw and the same lines now, and a new read. */
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
    // The diff library and the hunk view come with the first "Show changes", not with the page.
    Promise.all([linesNow(source, view), import('./read-diff'), loadDiffFileBody()]).then(
      ([now, { readDiffHunks }]) => setDiff({ kind: 'shown', hunks: readDiffHunks(view.lines, now) }),
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
      {diff.kind === 'shown' && <ReadDiffView view={view} hunks={diff.hunks} />}
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

/** What the agent read (−) against the same lines now (+), in the diff card's hunk view. */
function ReadDiffView({ view, hunks }: { view: ReadResultView; hunks: DiffHunk[] }) {
  // One object per diff: the hunk view derives its rows and highlighting from it.
  const file = useMemo(() => ({ path: view.path, status: 'modified' as const, lang: view.lang, hunks }), [view.path, view.lang, hunks]);
  if (hunks.length === 0) return <p className="tc-read__grow-note" role="note">These lines are the same as when the agent read them.</p>;
  return (
    <div className="tc-read__diff">
      <LoadFailureBoundary fallback={<p role="alert" className="tc-read__grow-note">Could not load the changes view: reload the page to try again.</p>}>
        <DiffFileBody file={file} hunkLinks={false} label="Changes since the read" />
      </LoadFailureBoundary>
    </div>
  );
}
