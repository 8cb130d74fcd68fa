import type { SessionSummary } from '@toolcards/protocol';

export type InitialSession = { open: string } | { draft: true };

/**
 * Which session a fresh page shows: the one in the URL hash (a reload), else the newest
 * session of this workspace, else a blank one that is created by its first command (an
 * opened page leaves no empty session behind). The server lists this workspace's sessions and
 * other agents' sessions of any folder, newest first; the cwd check prefers this workspace's.
 */
export function initialSession(hashSessionId: string | undefined, sessions: readonly SessionSummary[], workspace: string): InitialSession {
  if (hashSessionId !== undefined) return { open: hashSessionId };
  // Another agent's session of another folder (the list has those too) is never opened unasked.
  const newest = sessions.find((session) => session.cwd === workspace) ?? sessions.find((session) => session.source === 'toolcards');
  return newest ? { open: newest.id } : { draft: true };
}
