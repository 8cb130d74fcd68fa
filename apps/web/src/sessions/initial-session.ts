import type { SessionSummary } from '@toolcards/protocol';

export type InitialSession = { open: string } | { draft: true };

/**
 * Which session a fresh page shows: the one in the URL hash (a reload), else the newest
 * session of this workspace, else a blank one that is created by its first command (an
 * opened page leaves no empty session behind). The server lists this workspace's sessions,
 * newest first; the cwd check prefers an exact match should the list hold others.
 */
export function initialSession(hashSessionId: string | undefined, sessions: readonly SessionSummary[], workspace: string): InitialSession {
  if (hashSessionId !== undefined) return { open: hashSessionId };
  const newest = sessions.find((session) => session.cwd === workspace) ?? sessions[0];
  return newest ? { open: newest.id } : { draft: true };
}
