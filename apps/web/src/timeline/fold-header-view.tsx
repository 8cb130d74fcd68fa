import { memo } from 'react';
import { runSummaryText, type ExplorationRun } from '../model/exploration-runs';

interface FoldHeaderViewProps {
  run: ExplorationRun;
  expanded: boolean;
  onExpand: (run: ExplorationRun, expanded: boolean) => void;
}

/** A fold's header: what the run explored; the button shows every call's card, or folds them all back. */
export const FoldHeaderView = memo(function FoldHeaderView({ run, expanded, onExpand }: FoldHeaderViewProps) {
  const summary = runSummaryText(run);
  const calls = `${run.calls.length.toLocaleString('en-US')} calls`;
  return (
    <div className="tl-fold__header" data-fold={run.key}>
      <button
        type="button"
        className="tl-fold__toggle"
        aria-expanded={expanded}
        aria-label={`${summary}, ${calls}. ${expanded ? 'Collapse all' : 'Expand all'}`}
        onClick={() => onExpand(run, !expanded)}
      >
        <span className="tl-fold__chevron" aria-hidden="true">
          {expanded ? '▾' : '▸'}
        </span>
        <span className="tl-fold__summary">{summary}</span>
        <span className="tl-fold__calls">{calls}</span>
        <span className="tl-fold__all">{expanded ? 'Collapse all' : 'Expand all'}</span>
      </button>
    </div>
  );
});
