import { stat } from 'node:fs/promises';
import type { ReadFreshnessState, ReadMeta } from '@toolcards/protocol';
import type { ToolConfig, Workspace } from '../tool';
import { errnoCode } from '../tool-error';
import { readAt } from './read-at';
import { metaLines } from './read-meta';
import { readWindowHash } from './read-window-hash';

/**
 * How the file behind a logged read compares with what was read. A stat is enough while
 * mtime and size match; otherwise the same window is read again (same caps) and its hash
 * compared, which tells a change in the agent's lines from one elsewhere in the file. A read
 * logged without a fingerprint is compared by its window text alone.
 */
export async function readFreshness(workspace: Workspace, meta: ReadMeta, config: ToolConfig, signal: AbortSignal): Promise<ReadFreshnessState> {
  const resolved = await workspace.resolve(meta.path);
  if (!resolved.ok) return resolved.error.code === 'FS_NOT_FOUND' ? 'deleted' : 'changed-inside';
  if (meta.mtimeMs !== undefined && meta.size !== undefined) {
    const now = await stat(resolved.absolute).catch((error: unknown) => (errnoCode(error) === 'ENOENT' ? 'gone' : undefined));
    if (now === 'gone') return 'deleted';
    if (now !== undefined && now.mtimeMs === meta.mtimeMs && now.size === meta.size) return 'unchanged';
  }
  const outcome = await readAt(workspace, meta.path, { offset: meta.offset, limit: Math.max(1, meta.lines.length) }, config, signal);
  // Not text any more, a folder now, shorter than the window: what the agent saw is not what is there.
  if (!outcome.ok) return outcome.error.code === 'FS_NOT_FOUND' ? 'deleted' : 'changed-inside';
  const readThen = meta.windowHash ?? readWindowHash(meta.lines);
  const linesNow = metaLines(outcome.window);
  if (linesNow.length < meta.lines.length || readWindowHash(linesNow.slice(0, meta.lines.length)) !== readThen) return 'changed-inside';
  // Without a fingerprint a change elsewhere cannot be told from none.
  return meta.mtimeMs === undefined || meta.size === undefined ? 'unchanged' : 'changed-outside';
}
