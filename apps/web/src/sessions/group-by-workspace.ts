import type { SessionSummary } from '@toolcards/protocol';

export interface WorkspaceGroup {
  cwd: string;
  sessions: SessionSummary[];
}

/**
 * Sessions by folder, each group in the list's order (newest first), groups by their newest
 * session, except that the served workspace's group comes first (other agents' sessions of
 * other folders are listed below it).
 */
export function groupByWorkspace(sessions: readonly SessionSummary[], served?: string): WorkspaceGroup[] {
  const groups = new Map<string, SessionSummary[]>();
  for (const session of sessions) {
    const group = groups.get(session.cwd);
    if (group) group.push(session);
    else groups.set(session.cwd, [session]);
  }
  const ordered = [...groups].map(([cwd, grouped]) => ({ cwd, sessions: grouped }));
  const first = ordered.findIndex((group) => group.cwd === served);
  return first <= 0 ? ordered : [ordered[first]!, ...ordered.slice(0, first), ...ordered.slice(first + 1)];
}
