import { useMemo, useState } from 'react';
import type { GenericResultView } from '@toolcards/protocol';
import { CardFrame } from '../frame/card-frame';
import { CopyButton } from '../frame/copy-button';
import { CardTitle } from '../frame/card-title';
import { countText } from '../frame/count-text';
import { hasBidiControl } from '../text/invisible-characters';
import { VisibleText } from '../text/visible-text';
import { hashForSession } from '../../model/session-hash';
import { collapseOutput } from './collapse-output';

const COLLAPSED_LINES = 30;

export interface GenericCardProps {
  view: GenericResultView;
  isError?: boolean;
  /** An error's stable code, shown as a small badge after the title. */
  errorCode?: string;
  emptyText?: string;
}

/**
 * Monospace text: a tool without a card of its own, a view that failed validation, an
 * error (titled with what went wrong, its code as a badge).
 */
export function GenericCard({ view, isError = false, errorCode, emptyText = 'No output' }: GenericCardProps) {
  const [expanded, setExpanded] = useState(false);
  const content = view.content ?? '';
  const collapsed = collapseOutput(content, COLLAPSED_LINES);
  const title = view.title ?? (isError ? 'Error' : 'Output');
  const hasBidiControls = useMemo(() => hasBidiControl(title) || hasBidiControl(content), [title, content]);

  return (
    <CardFrame
      variant="generic"
      label={isError ? `Error: ${title}` : title}
      isError={isError}
      heading={
        <>
          <CardTitle title={title} />
          {isError && errorCode !== undefined && (
            <code className="tc-generic__code" title="Error code">
              <VisibleText text={errorCode} />
            </code>
          )}
        </>
      }
      hasBidiControls={hasBidiControls}
      actions={content === '' ? undefined : <CopyButton text={() => content} />}
    >
      {content === '' ? (
        <p className="tc-card__empty">{emptyText}</p>
      ) : (
        <pre className="tc-generic__output">
          <VisibleText text={expanded ? content : collapsed.text} multiline />
        </pre>
      )}
      {view.session !== undefined && (
        <a className="tc-generic__session" href={hashForSession(view.session)}>
          Open subagent session
        </a>
      )}
      {collapsed.hiddenLines > 0 && (
        <button type="button" className="tc-card__more" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show less' : `Show all ${countText(collapsed.totalLines, 'line', 'lines')}`}
        </button>
      )}
    </CardFrame>
  );
}
