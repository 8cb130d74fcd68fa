import { memo, useRef } from 'react';
import type { ToolRow } from '../model/timeline-row';
import { explorationKindOf } from '../model/exploration-runs';
import { useSessionState } from '../store/client-context';
import { explorationLineLabel, explorationLineOf, type ExplorationLine, type ExplorationOutcome } from './exploration-line-text';
import { callViewOf, resultViewOf } from './row-views';
import { passFocusTo, useTakesPassedFocus } from './fold-focus';

const KIND_GLYPHS = { read: '▤', search: '⌕' } as const;

/** The line of a call in a fold, from its validated views (the card's own presenters). */
export function foldLineOf(row: ToolRow, queued: boolean): ExplorationLine {
  const call = callViewOf(row.call ?? { name: 'tool', args: null, origin: 'model', view: undefined });
  return explorationLineOf(call, outcomeOf(row, queued));
}

function outcomeOf(row: ToolRow, queued: boolean): ExplorationOutcome {
  if (row.result?.isError) return { state: 'error', code: row.result.error?.code, message: row.result.error?.message ?? textOf(row) };
  if (row.result) return { state: 'done', result: resultViewOf(row.result, row.call) };
  if (row.cancelled) return { state: 'cancelled' };
  return { state: 'running', queued };
}

function textOf(row: ToolRow): string | undefined {
  const block = row.result?.content.find((part) => part.type === 'text');
  return block && 'text' in block ? block.text : undefined;
}

interface FoldCallLineProps {
  row: ToolRow;
  last: boolean;
  onToggle: (rowKey: string, open: boolean) => void;
}

/** A folded call: one line (what it looked at, what came of it); a button that shows its card in place. */
export const FoldCallLine = memo(function FoldCallLine({ row, last, onToggle }: FoldCallLineProps) {
  const queued = useSessionState((state) => state.callStates.get(row.callId) === 'queued');
  const line = foldLineOf(row, queued);
  const kind = explorationKindOf(row) ?? 'read';
  const ref = useRef<HTMLButtonElement>(null);
  useTakesPassedFocus(row.key, ref);
  return (
    <button
      ref={ref}
      type="button"
      className={`tl-fold__line tl-fold__line--${line.state}${last ? ' tl-fold__line--last' : ''}`}
      aria-expanded={false}
      aria-label={explorationLineLabel(line, false)}
      data-fold-line={row.seq}
      onClick={(event) => {
        if (event.currentTarget === document.activeElement) passFocusTo(row.key);
        onToggle(row.key, true);
      }}
    >
      <span className={`tl-fold__icon tl-fold__icon--${kind}`} aria-hidden="true">
        {line.state === 'error' ? '!' : KIND_GLYPHS[kind]}
      </span>
      <span className="tl-fold__subject">{line.subject}</span>
      {line.detail !== '' && <span className="tl-fold__detail">{line.detail}</span>}
    </button>
  );
});

interface FoldCallRailProps {
  row: ToolRow;
  onToggle: (rowKey: string, open: boolean) => void;
}

/**
 * An open call's rail in the fold's left margin: it marks the card as one of the fold's and
 * folds it back to its line. In the row's padding, so a card that was drawn before its run
 * folded does not move when the rail appears.
 */
export const FoldCallRail = memo(function FoldCallRail({ row, onToggle }: FoldCallRailProps) {
  const line = foldLineOf(row, false);
  const ref = useRef<HTMLButtonElement>(null);
  useTakesPassedFocus(row.key, ref);
  return (
    <button
      ref={ref}
      type="button"
      className="tl-fold__rail"
      aria-expanded={true}
      aria-label={explorationLineLabel(line, true)}
      onClick={(event) => {
        if (event.currentTarget === document.activeElement) passFocusTo(row.key);
        onToggle(row.key, false);
      }}
    >
      <span className="tl-fold__rail-chevron" aria-hidden="true">
        ▾
      </span>
    </button>
  );
});
