import type { SessionHeader } from '@toolcards/protocol';
import type { EditorTarget } from '../cards';
import type { ServerIdentity } from '../store/app-status';

/**
 * Where the open session's cards link to: the server's editor, at the session's own folder
 * (a session reopened from another workspace names its files relative to where it ran),
 * else the server's workspace. Nothing until the server has said which editor.
 */
export function editorTargetOf(server: Pick<ServerIdentity, 'editor' | 'workspace'> | null, header: Pick<SessionHeader, 'cwd'> | null): EditorTarget | null {
  if (server === null) return null;
  return { editor: server.editor, cwd: header?.cwd ?? server.workspace };
}
