import type { SessionSummary } from '@toolcards/protocol';

export interface WorkspaceGroup {
  cwd: string;
  sessions: SessionSummary[];
}

/** Sessions by folder, each group in the list's order (newest first), groups by their newest session. */
export function groupByWorkspace(sessions: readonly SessionSummary[]): WorkspaceGroup[] {
  const groups = new Map<string, SessionSummary[]>();
  for (const session of sessions) {
    const group = groups.get(session.cwd);
    if (group) group.push(session);
    else groups.set(session.cwd, [session]);
  }
  return [...groups].map(([cwd, grouped]) => ({ cwd, sessions: grouped }));
}
