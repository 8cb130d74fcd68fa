import { useMemo } from 'react';
import type { PlanItemStatus, PlanResultView } from '@toolcards/protocol';
import { CardFrame } from '../frame/card-frame';
import { PreviewToggle, useCardPreview } from '../frame/card-preview';
import { CopyButton } from '../frame/copy-button';
import { hasBidiControl } from '../text/invisible-characters';
import { VisibleText } from '../text/visible-text';
import { planPlainText } from '../view-plain-text';
import { planChanges, planChangesText, planProgressText, type PlanItemChange } from './plan-changes';
import { usePreviousPlan } from './previous-plan-context';
import './plan-card.css';

export interface PlanCardProps {
  view: PlanResultView;
}

const STATUS_LABEL: Record<PlanItemStatus, string> = { pending: 'pending', in_progress: 'in progress', completed: 'completed' };
/** Drawn, not read: the label says the status. */
const STATUS_MARK: Record<PlanItemStatus, string> = { pending: '○', in_progress: '◐', completed: '✓' };
const CHANGE_TEXT: Record<PlanItemChange, string> = { added: 'new', completed: 'done since last plan' };

/** A step's row height (plan-card.css) as the preview counts it, and the preview's height: a long plan shows its first 18 steps. */
const STEP_ROW_PX = 24;
const PLAN_PREVIEW_PX = 18 * STEP_ROW_PX;

/** An agent's plan: its checklist with each step's status, why it changed, and what changed since the previous plan. */
export function PlanCard({ view }: PlanCardProps) {
  const previous = usePreviousPlan();
  const changes = useMemo(() => planChanges(previous, view), [previous, view]);
  const changesText = changes && planChangesText(changes);
  // One scroller (decision 0016): a long plan shows its first steps, "Show all N steps" under them.
  const preview = useCardPreview({ bodyHeight: view.items.length * STEP_ROW_PX, previewHeight: PLAN_PREVIEW_PX, expandOnScroll: true });
  const hasBidiControls = useMemo(() => view.items.some((item) => hasBidiControl(item.text)) || (view.explanation !== undefined && hasBidiControl(view.explanation)), [view]);
  return (
    <CardFrame
      variant="plan"
      label={view.title ?? 'Plan'}
      heading={<span className="tc-plan__title">{view.title ?? 'Plan'}</span>}
      hasBidiControls={hasBidiControls}
      details={
        <>
          <span className="tc-plan__progress">{planProgressText(view.items)}</span>
          {changesText !== undefined && <span className="tc-plan__changes">since the last plan: {changesText}</span>}
        </>
      }
      actions={view.items.length === 0 ? undefined : <CopyButton text={() => planPlainText(view)} label="Copy plan" />}
    >
      {view.explanation !== undefined && view.explanation !== '' && (
        <p className="tc-plan__explanation">
          <VisibleText text={view.explanation} multiline />
        </p>
      )}
      {view.items.length === 0 ? (
        <p className="tc-plan__empty" role="note">
          The plan has no steps.
        </p>
      ) : (
        <ol className="tc-plan__items" aria-label="Steps" {...preview.boxProps}>
          {view.items.map((item, index) => {
            const change = changes?.marks[index];
            return (
              <li key={index} className={`tc-plan__item is-${item.status}`} data-plan-item={index}>
                <span className="tc-plan__mark" role="img" aria-label={STATUS_LABEL[item.status]} title={STATUS_LABEL[item.status]}>
                  {STATUS_MARK[item.status]}
                </span>
                <span className="tc-plan__text">
                  <VisibleText text={item.text} />
                </span>
                {item.status === 'in_progress' && <span className="tc-pill tc-plan__now">in progress</span>}
                {change !== undefined && <span className={`tc-pill tc-plan__change is-${change}`}>{CHANGE_TEXT[change]}</span>}
              </li>
            );
          })}
        </ol>
      )}
      <PreviewToggle preview={preview} count={view.items.length} noun={['step', 'steps']} />
    </CardFrame>
  );
}
