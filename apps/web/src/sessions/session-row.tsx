import type { SessionSummary } from '@toolcards/protocol';
import { escapedText } from '../cards/text/invisible-characters';
import { VisibleText } from '../cards/text/visible-text';
import { lastActivityLabel } from './last-activity-label';
import { NotUnderstoodNote } from './not-understood-note';
import { sourceName } from './source-name';

/** One session: its title (two lines at most, whole in the tooltip), when, how many calls, and the first paths they touched. */
export function SessionRow({
  session,
  current,
  now,
  onOpen,
  subagent = false,
}: {
  session: SessionSummary;
  current: boolean;
  now: number;
  onOpen: () => void;
  /** Started by an Agent/Task call of the session listed above it. */
  subagent?: boolean;
}) {
  const title = session.title || 'Untitled session';
  return (
    <button type="button" className="session-list__item" aria-current={current ? 'true' : undefined} onClick={onOpen}>
      <span className="session-list__title" title={escapedText(title)}>
        <VisibleText text={title} />
      </span>
      <span className="session-list__meta">
        {subagent && (
          <span className="session-list__subagent-label" title="A subagent's session, started by a call of the session above">
            subagent
          </span>
        )}
        {session.source !== 'toolcards' && (
          <span className="session-list__source" data-source={session.source} title={`${sourceName(session.source)} session (read-only)`}>
            {sourceName(session.source)}
          </span>
        )}
        <time dateTime={escapedText(session.lastActivity)} title={escapedText(session.lastActivity)}>
          <VisibleText text={lastActivityLabel(session.lastActivity, now)} />
        </time>
        {' · '}
        {session.mapping
          ? 'counting tool calls…'
          : session.toolCalls === 0
            ? 'no tool calls'
            : `${session.toolCalls.toLocaleString('en-US')} tool ${session.toolCalls === 1 ? 'call' : 'calls'}`}
      </span>
      {session.paths.length > 0 && (
        <span className="session-list__paths">
          {session.paths.map((path, index) => (
            <span key={index} className="session-list__path">
              <VisibleText text={path} />
            </span>
          ))}
        </span>
      )}
      {session.notUnderstood !== undefined && <NotUnderstoodNote notUnderstood={session.notUnderstood} />}
    </button>
  );
}
