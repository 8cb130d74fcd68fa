import { constants, existsSync, type Stats } from 'node:fs';
import { open, readlink, type FileHandle } from 'node:fs/promises';
import type { ToolError } from '@toolcards/protocol';
import { errnoCode, errorMessage } from './tool-error';
import type { Workspace } from './tool';

/**
 * Opens a path the workspace already resolved and checks what was actually
 * opened, not the path: between `realpath` and `open` a folder on the way can
 * be swapped for a symlink to outside. The final component is opened with
 * O_NOFOLLOW, and the descriptor's real path (from /proc/self/fd on Linux)
 * must still be one the workspace allows.
 */

export interface ConfinedHandle {
  handle: FileHandle;
  /** Where the descriptor really points. */
  real: string;
  stats: Stats;
  /** A path any process can open to reach this very file or folder (a /proc link), when the OS offers one. */
  stablePath: string | undefined;
}

export type ConfinedOpen = { ok: true; opened: ConfinedHandle } | { ok: false; error: ToolError };

/** O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused right after, by its type). */
const FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

let fdLinks: boolean | undefined;
function hasFdLinks(): boolean {
  fdLinks ??= process.platform === 'linux' && existsSync('/proc/self/fd');
  return fdLinks;
}

export async function openConfined(workspace: Workspace, absolute: string, shownPath: string): Promise<ConfinedOpen> {
  let handle: FileHandle;
  try {
    handle = await open(absolute, FLAGS);
  } catch (error) {
    return { ok: false, error: openError(error, shownPath) };
  }
  try {
    const stats = await handle.stat();
    if (!hasFdLinks()) return { ok: true, opened: { handle, real: absolute, stats, stablePath: undefined } };
    const real = await readlink(`/proc/self/fd/${handle.fd}`);
    if (!workspace.contains(real)) {
      await handle.close();
      return { ok: false, error: movedOut(shownPath) };
    }
    return { ok: true, opened: { handle, real, stats, stablePath: `/proc/${process.pid}/fd/${handle.fd}` } };
  } catch (error) {
    await handle.close().catch(() => undefined);
    return { ok: false, error: { code: 'FS_READ_FAILED', message: `Cannot open ${shownPath}: ${errorMessage(error)}` } };
  }
}

function movedOut(shownPath: string): ToolError {
  return {
    code: 'FS_OUTSIDE_WORKSPACE',
    message: `${shownPath} changed while it was being opened and now leads outside the workspace (a folder on its way was replaced by a symlink); it was not used.`,
  };
}

function openError(error: unknown, shownPath: string): ToolError {
  switch (errnoCode(error)) {
    case 'ELOOP':
      // The resolved path ended in a real file a moment ago: a symlink now means it was swapped.
      return movedOut(shownPath);
    case 'ENOENT':
    case 'ENOTDIR':
      return { code: 'FS_NOT_FOUND', message: `File not found: ${shownPath}` };
    case 'EACCES':
    case 'EPERM':
      return { code: 'FS_PERMISSION_DENIED', message: `Permission denied: ${shownPath}` };
    case 'ENXIO':
      // A socket (or a device with nothing behind it) cannot be opened as a file.
      return { code: 'FS_NOT_REGULAR_FILE', message: `${shownPath} is not a regular file (a socket or a device).` };
    default:
      return { code: 'FS_READ_FAILED', message: `Cannot open ${shownPath}: ${errorMessage(error)}` };
  }
}
