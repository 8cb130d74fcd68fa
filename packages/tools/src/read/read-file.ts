import type { ToolError } from '@toolcards/protocol';
import { openConfined } from '../confined-open';
import type { Workspace } from '../tool';
import { errnoCode, errorMessage } from '../tool-error';
import { ReadWindowScanner, type ReadWindow, type ReadWindowOptions } from './read-window';

/** Read size per syscall; small files are read in one go. */
const CHUNK_BYTES = 1024 * 1024;

/** What a stat says of the file read: enough to notice most later changes without reading it again. */
export interface FileFingerprint {
  mtimeMs: number;
  size: number;
}

export type ReadFileOutcome = { ok: true; window: ReadWindow; file: FileFingerprint } | { ok: false; error: ToolError };

/**
 * Streams a resolved file through the window scanner: memory stays at one
 * chunk plus the window, whatever the file size, and totalLines is exact.
 */
export async function readFileWindow(
  workspace: Workspace,
  absolute: string,
  shownPath: string,
  options: ReadWindowOptions,
  signal: AbortSignal,
): Promise<ReadFileOutcome> {
  // Checked on the open descriptor, not the path: a folder swapped for a symlink meanwhile cannot lead out.
  const confined = await openConfined(workspace, absolute, shownPath);
  if (!confined.ok) return { ok: false, error: confined.error };
  const { handle, stats: info } = confined.opened;
  try {
    if (info.isDirectory()) {
      return failure('FS_NOT_REGULAR_FILE', `${shownPath} is a directory, not a file. Use glob to list its files.`);
    }
    // FIFOs and devices could block forever or never end.
    if (!info.isFile()) return failure('FS_NOT_REGULAR_FILE', `${shownPath} is not a regular file.`);

    const scanner = new ReadWindowScanner(options);
    // Two buffers: the next read runs in the thread pool while this chunk is scanned.
    const size = Math.max(1, Math.min(CHUNK_BYTES, info.size || 1));
    const buffers = [Buffer.allocUnsafe(size), Buffer.allocUnsafe(size)] as const;
    let current = 0;
    let pending = handle.read(buffers[0], 0, size, null);
    try {
      for (;;) {
        const { bytesRead } = await pending;
        if (bytesRead === 0) break;
        if (signal.aborted) return failure('TOOL_ABORTED', `Reading ${shownPath} was cancelled.`);
        const chunk = buffers[current]!.subarray(0, bytesRead);
        current ^= 1;
        pending = handle.read(buffers[current]!, 0, size, null);
        scanner.push(chunk);
      }
    } finally {
      await pending.catch(() => undefined);
    }

    const outcome = scanner.finish();
    switch (outcome.kind) {
      case 'not-text':
        return failure('FS_NOT_TEXT', `${shownPath} is not a text file: ${outcome.reason}.`);
      case 'window':
        return pastEnd(outcome.window, shownPath) ?? { ok: true, window: outcome.window, file: { mtimeMs: info.mtimeMs, size: info.size } };
    }
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT') return failure('FS_NOT_FOUND', `File not found: ${shownPath}`);
    if (code === 'EACCES' || code === 'EPERM') return failure('FS_PERMISSION_DENIED', `Permission denied: ${shownPath}`);
    if (code === 'EISDIR') return failure('FS_NOT_REGULAR_FILE', `${shownPath} is a directory, not a file.`);
    return failure('FS_READ_FAILED', `Cannot read ${shownPath}: ${errorMessage(error)}`);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** An offset beyond the last line is an error, except line 1 of an empty file. */
function pastEnd(window: ReadWindow, shownPath: string): ReadFileOutcome | undefined {
  const { offset, totalLines } = window;
  if (offset <= Math.max(totalLines, 1)) return undefined;
  const lines = totalLines === 1 ? '1 line' : `${totalLines} lines`;
  return failure(
    'FS_OFFSET_PAST_END',
    `Offset ${offset} is past the end of ${shownPath}, which has ${lines}. Use an offset from 1 to ${Math.max(totalLines, 1)}.`,
  );
}

function failure(code: ToolError['code'], message: string): ReadFileOutcome {
  return { ok: false, error: { code, message } };
}
