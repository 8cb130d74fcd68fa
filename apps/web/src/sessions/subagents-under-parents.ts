import type { SessionSummary } from '@toolcards/protocol';

export interface ListedSession {
  session: SessionSummary;
  /** A subagent's session shown right after (under) the session that started it. */
  subagent: boolean;
}

/**
 * A group's sessions in the list's order, each subagent's session moved right after its
 * parent's (in the list's order too). A subagent whose parent is not in the group stays where
 * it was, still marked a subagent.
 */
export function subagentsUnderParents(sessions: readonly SessionSummary[]): ListedSession[] {
  const present = new Set(sessions.map((session) => session.id));
  const children = new Map<string, SessionSummary[]>();
  for (const session of sessions) {
    if (session.parentId === undefined || !present.has(session.parentId)) continue;
    const siblings = children.get(session.parentId);
    if (siblings) siblings.push(session);
    else children.set(session.parentId, [session]);
  }
  const listed: ListedSession[] = [];
  for (const session of sessions) {
    if (session.parentId !== undefined && present.has(session.parentId)) continue;
    listed.push({ session, subagent: session.parentId !== undefined });
    for (const child of children.get(session.id) ?? []) listed.push({ session: child, subagent: true });
  }
  return listed;
}
