import { LazySpill, NOT_NEEDED, shownSpill } from '../lazy-spill';
import { outsideNote, settleSearch } from '../ripgrep/rg-failure';
import { runRipgrep } from '../ripgrep/rg-runner';
import { openSearchTarget } from '../search-target';
import type { ToolContext, ToolResult } from '../tool';
import { errorResult, textResult } from '../tool-error';
import { anchoredGlob } from './glob-anchor';
import type { GlobArgs } from './glob-args';
import { GlobCollector } from './glob-collector';
import { globPresentationMeta } from './glob-meta';
import { renderGlobText } from './glob-render';
import { retainGlobPaths } from './glob-retain';

/** Version-control folders never listed, even though glob lists hidden and ignored files. */
export const VCS_FOLDERS = ['.git', '.hg', '.svn'] as const;

/** Lists files with `rg --files`, streaming paths through the collector; text and meta from one retention. */
export async function executeGlob(args: GlobArgs, context: ToolContext): Promise<ToolResult> {
  const { workspace, config, signal } = context;
  const resolved = await workspace.resolve(args.path || '.');
  if (!resolved.ok) return errorResult(resolved.error.code, resolved.error.message);
  const opened = await openSearchTarget(workspace, resolved.absolute, 'glob');
  if (!opened.ok) return errorResult(opened.error.code, opened.error.message);
  const target = opened.target;

  const spill = new LazySpill(context.spill, 'glob');
  const collector = new GlobCollector({
    maxResults: config.globMaxResults,
    showPath: target.showPath,
    reports: target.reports,
    ...(context.spill === undefined ? {} : { spill: (text: string) => spill.write(text) }),
  });
  const outcome = await runRipgrep({
    // Later globs win in ripgrep: the VCS exclusions come after the caller's glob so it cannot re-include them.
    args: [
      '--no-config',
      '--files',
      '--null',
      `--glob=${anchoredGlob(args.pattern)}`,
      // Newest first, as agents' glob tools list: what was just edited is what matters.
      '--sortr=modified',
      '--hidden',
      '--no-ignore',
      ...VCS_FOLDERS.map((folder) => `--glob=!${folder}`),
      '--',
      target.rgPath,
    ],
    cwd: target.cwd,
    signal,
    timeoutMs: config.grepTimeoutMs,
    separator: 0x00,
    onRecord: (buffer, start, end) => collector.record(buffer, start, end),
    maxRunning: config.ripgrepMaxRunning,
    sandbox: target.sandbox,
  });
  await target.close();

  const collected = collector.result();
  // --files writes no summary: an exit 2 with nothing listed means ripgrep refused to start.
  const settled = settleSearch('glob', outcome, { timeoutMs: config.grepTimeoutMs, searched: collected.total > 0, what: `glob ${JSON.stringify(args.pattern)}` });
  if (settled.kind === 'error') {
    await spill.discard();
    return errorResult(settled.error.code, settled.error.message);
  }
  const notes = collected.outside === 0 ? settled.notes : [...settled.notes, outsideNote(collected.outside, 'paths')];

  const retention = retainGlobPaths(collected.paths, collected.total, config.globMaxResults);
  const spilled = retention.truncated ? shownSpill(await spill.finish(), workspace.display) : NOT_NEEDED;
  return textResult(
    renderGlobText(retention, spilled, notes),
    globPresentationMeta(retention, spilled.kind === 'saved' ? spilled.path : undefined, config.metaMaxBytes),
  );
}
