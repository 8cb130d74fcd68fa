import { langFromPath, type FileLinesResponse, type ToolError } from '@toolcards/protocol';
import type { ToolConfig, Workspace } from '../tool';
import { readAt } from './read-at';
import { metaLines } from './read-meta';

/**
 * Lines of a file as it is now, for a view (growing a read card, a match's context): the
 * read tool's code and caps, nothing logged. An offset past the end is the read's own error.
 */
export async function fileLines(
  workspace: Workspace,
  path: string,
  window: { offset: number; limit: number },
  config: ToolConfig,
  signal: AbortSignal,
): Promise<{ ok: true; value: FileLinesResponse } | { ok: false; error: ToolError }> {
  const outcome = await readAt(workspace, path, window, config, signal);
  if (!outcome.ok) return outcome;
  const lang = langFromPath(outcome.path);
  return {
    ok: true,
    value: {
      path: outcome.path,
      offset: outcome.window.offset,
      lines: metaLines(outcome.window),
      totalLines: outcome.window.totalLines,
      ...(lang === undefined ? {} : { lang }),
      mtimeMs: outcome.file.mtimeMs,
      size: outcome.file.size,
    },
  };
}
