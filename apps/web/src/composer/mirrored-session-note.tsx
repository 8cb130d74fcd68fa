import type { SessionSource } from '@toolcards/protocol';
import { sourceName } from '../sessions/source-name';

/**
 * In place of the input on a session that mirrors another agent's transcript: it is read-only
 * (the agent writes it, we only watch), so the way on is a new toolcards session.
 */
export function MirroredSessionNote({ source, onNewSession }: { source: Exclude<SessionSource, 'toolcards'>; onNewSession: () => void }) {
  return (
    <div className="composer__read-only" role="note" aria-label="Read-only session">
      <p>
        This is a <strong>{sourceName(source)}</strong> session (read-only): its cards come from the agent's transcript as it writes it.
      </p>
      <button type="button" className="composer__new-session" onClick={onNewSession}>
        New toolcards session
      </button>
    </div>
  );
}
