import type { HttpErrorCode } from '@toolcards/protocol';
import { SessionBusyError, SessionLogUnreadableError, SessionLogWriteError } from '@toolcards/session';

/**
 * The HTTP answer for a failure whose cause the client can act on. The API answers with it
 * and the WebSocket words its error frames with its message, so both say the same thing.
 */
export function apiErrorOf(error: unknown): { status: number; code: HttpErrorCode; message: string } | undefined {
  if (error instanceof SessionBusyError) {
    const who = error.pid === process.pid ? 'this server' : `another toolcards process (pid ${error.pid})`;
    return { status: 409, code: 'SESSION_BUSY', message: `this session is open for writing in ${who}; stop that process or open the session there` };
  }
  if (error instanceof SessionLogUnreadableError) {
    return { status: 422, code: 'SESSION_UNREADABLE', message: `this session's log cannot be opened: ${error.reason}` };
  }
  const errno = errnoOf(error);
  if (errno !== undefined && DISK_FULL_ERRNOS.has(errno)) {
    return { status: 507, code: 'STORAGE_FULL', message: `the disk that holds the sessions is full (${errno}): free some space and try again` };
  }
  return undefined;
}

/** A write refused for lack of space or quota: the person can act on it, unlike other I/O errors. */
const DISK_FULL_ERRNOS = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** The errno behind a failure, looking through wrapping errors (the writer lock wraps its own). */
function errnoOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    if (current instanceof SessionLogWriteError) return current.errno;
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code.startsWith('E')) return code;
  }
  return undefined;
}
