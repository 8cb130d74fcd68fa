import type { ToolError } from '@toolcards/protocol';
import type { ToolConfig, Workspace } from '../tool';
import { readFileWindow, type FileFingerprint } from './read-file';
import type { ReadWindow } from './read-window';

export type ReadAtOutcome =
  | { ok: true; /** As shown to people and the model. */ path: string; window: ReadWindow; file: FileFingerprint }
  | { ok: false; error: ToolError };

/**
 * A window of a workspace file with the read tool's caps and confinement: the one way the
 * read tool and the read-only views (growing a card, a match's context, freshness) read.
 */
export async function readAt(
  workspace: Workspace,
  path: string,
  window: { offset: number; limit: number },
  config: ToolConfig,
  signal: AbortSignal,
): Promise<ReadAtOutcome> {
  const resolved = await workspace.resolve(path);
  if (!resolved.ok) return resolved;
  const shownPath = workspace.display(resolved.absolute);
  const outcome = await readFileWindow(
    workspace,
    resolved.absolute,
    shownPath,
    {
      offset: window.offset,
      limit: Math.min(window.limit, config.readMaxLines),
      maxLineChars: config.readMaxLineChars,
      maxWindowBytes: config.readMaxWindowBytes,
    },
    signal,
  );
  return outcome.ok ? { ok: true, path: shownPath, window: outcome.window, file: outcome.file } : outcome;
}
