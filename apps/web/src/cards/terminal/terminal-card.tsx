import { useMemo } from 'react';
import type { TerminalResultView } from '@toolcards/protocol';
import { CardFrame } from '../frame/card-frame';
import { CopyButton } from '../frame/copy-button';
import { hasBidiControl } from '../text/invisible-characters';
import { VisibleText } from '../text/visible-text';
import { durationText, exitBadge } from './terminal-header-text';
import { terminalOutput } from './terminal-lines';
import { TerminalCommand } from './terminal-command';
import { TerminalOutput } from './terminal-output';
import { rowsText, terminalRows } from './terminal-rows';
import './terminal-card.css';

export interface TerminalCardProps {
  view: TerminalResultView;
  /** A find hit's output line (0-based, stdout then stderr). */
  targetLine?: number;
}

/**
 * A shell command a coding agent ran: the command (coloured as a shell script), where, how it
 * ended and how long it took; then what it printed, with its colours and styles, as a terminal
 * would have left it (terminal-lines.ts).
 */
export function TerminalCard({ view, targetLine }: TerminalCardProps) {
  const { command, output, stderr } = view;
  const rows = useMemo(() => terminalRows(terminalOutput(output), terminalOutput(stderr ?? '')), [output, stderr]);
  const badge = exitBadge(view);
  const hasBidiControls = useMemo(() => hasBidiControl(command) || hasBidiControl(output) || hasBidiControl(stderr ?? ''), [command, output, stderr]);
  const outputText = () => rowsText(rows);

  return (
    <CardFrame
      variant="terminal"
      label={`Terminal: ${view.title ?? command}`}
      isError={badge.tone === 'failed'}
      heading={
        <>
          <span className="tc-term__prompt" aria-hidden="true">
            $
          </span>
          <TerminalCommand command={command} />
        </>
      }
      details={
        <>
          {view.title !== undefined && (
            <span className="tc-term__title">
              <VisibleText text={view.title} />
            </span>
          )}
          {view.cwd !== undefined && (
            <span className="tc-term__cwd" title="Where it ran">
              in <VisibleText text={view.cwd} />
            </span>
          )}
          <span className={`tc-term__exit tc-term__exit--${badge.tone}`} title={badge.title}>
            {badge.text}
          </span>
          {view.durationMs !== undefined && <span className="tc-term__duration">{durationText(view.durationMs)}</span>}
          {view.shellId !== undefined && (
            <span className="tc-term__shell" title="The background shell it runs in">
              shell <VisibleText text={view.shellId} />
            </span>
          )}
        </>
      }
      actions={
        <>
          <CopyButton text={() => command} label="Copy command" />
          {rows.count > 0 && <CopyButton text={outputText} label="Copy output" note="without escapes" />}
        </>
      }
      hasBidiControls={hasBidiControls}
    >
      {rows.count === 0 ? <p className="tc-term__empty">No output</p> : <TerminalOutput rows={rows} targetLine={targetLine} />}
      {view.truncated && (
        <p className="tc-term__truncated" role="note">
          Output cut
          {view.spillPath === undefined ? '' : ': the full output is at '}
          {view.spillPath !== undefined && (
            <code>
              <VisibleText text={view.spillPath} />
            </code>
          )}
        </p>
      )}
    </CardFrame>
  );
}
