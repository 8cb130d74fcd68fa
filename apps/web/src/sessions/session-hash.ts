import { sessionIdSchema } from '@toolcards/protocol';

/** The URL hash that reopens a session on reload: `#/s/<id>`. */
export function hashForSession(sessionId: string): string {
  return `#/s/${sessionId}`;
}

/** The session id in a `#/s/<id>` hash, if it is a well-formed id. */
export function sessionIdFromHash(hash: string): string | undefined {
  const match = /^#\/s\/([^/?#]+)\/?$/.exec(hash);
  if (!match) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  return sessionIdSchema.safeParse(id).success ? id : undefined;
}
