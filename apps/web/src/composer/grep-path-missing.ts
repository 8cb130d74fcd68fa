import type { TimelineRow } from '../model/timeline-row';
import type { GrepCommandArgs } from './parse-composer-command';

/**
 * True once the /grep the composer sent (`args`, after event `sentAfterSeq`) came back as
 * "File not found" for its path: the moment `/grep export default` is known to have meant
 * the pattern "export default" rather than a path "default".
 */
export function grepPathMissing(rows: readonly TimelineRow[], args: GrepCommandArgs, sentAfterSeq: number): boolean {
  for (let index = rows.length - 1; index >= 0; index -= 1) {
    const row = rows[index]!;
    if (row.seq <= sentAfterSeq) return false;
    if (row.kind !== 'tool' || row.call?.name !== 'grep' || row.call.origin !== 'user' || !sameGrepArgs(row.call.args, args)) continue;
    return row.result?.isError === true && row.result.error?.code === 'FS_NOT_FOUND';
  }
  return false;
}

function sameGrepArgs(logged: unknown, sent: GrepCommandArgs): boolean {
  if (typeof logged !== 'object' || logged === null || Array.isArray(logged)) return false;
  const { pattern, path, include } = logged as Record<string, unknown>;
  return pattern === sent.pattern && path === sent.path && include === sent.include;
}
