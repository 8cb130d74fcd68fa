import { LazySpill, NOT_NEEDED, shownSpill } from '../lazy-spill';
import { settleSearch } from '../ripgrep/rg-failure';
import { runRipgrep } from '../ripgrep/rg-runner';
import { searchTarget } from '../search-target';
import type { ToolContext, ToolResult } from '../tool';
import { errorResult, textResult } from '../tool-error';
import type { GrepArgs } from './grep-args';
import { GrepCollector } from './grep-collector';
import { grepPresentationMeta } from './grep-meta';
import { renderGrepText } from './grep-render';
import { retainGrepMatches } from './grep-retain';

/** Runs ripgrep once and streams its matches through the collector, then renders text and meta from one retention. */
export async function executeGrep(args: GrepArgs, context: ToolContext): Promise<ToolResult> {
  const { workspace, config, signal } = context;
  const resolved = await workspace.resolve(args.path || '.');
  if (!resolved.ok) return errorResult(resolved.error.code, resolved.error.message);
  const target = searchTarget(workspace, resolved.absolute);

  const spill = new LazySpill(context.spill, 'grep');
  const collector = new GrepCollector({
    maxMatches: config.grepMaxMatches,
    previewBytes: config.grepPreviewBytes,
    showPath: target.showPath,
    ...(context.spill === undefined ? {} : { spill: (batch: Buffer) => spill.write(batch) }),
  });
  const outcome = await runRipgrep({
    // Every value is glued to its flag or sits after `--`: no pattern, glob or path can become a flag.
    args: [
      '--no-config',
      '--json',
      `--regexp=${args.pattern}`,
      ...(args.include === undefined ? [] : [`--glob=${args.include}`]),
      '--',
      target.rgPath,
    ],
    cwd: workspace.root,
    signal,
    timeoutMs: config.grepTimeoutMs,
    separator: 0x0a,
    onRecord: (buffer, start, end) => collector.record(buffer, start, end),
  });

  const collected = collector.result();
  const settled = settleSearch('grep', outcome, { timeoutMs: config.grepTimeoutMs, searched: collected.searched, what: `pattern ${JSON.stringify(args.pattern)}${args.include === undefined ? '' : ` or include glob ${JSON.stringify(args.include)}`}` });
  if (settled.kind === 'error') {
    await spill.discard();
    return errorResult(settled.error.code, settled.error.message);
  }
  const notes = settled.notes;

  const retention = retainGrepMatches(collected.matches, collected.total, config.grepMaxMatches);
  const spilled = retention.truncated ? shownSpill(await spill.finish(), workspace.display) : NOT_NEEDED;
  const spillPath = spilled.kind === 'saved' ? spilled.path : undefined;
  return textResult(
    renderGrepText(retention, spilled, notes),
    grepPresentationMeta(retention, spillPath, config.metaMaxBytes),
  );
}
