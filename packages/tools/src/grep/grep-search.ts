import { LazySpill, NOT_NEEDED, shownSpill } from '../lazy-spill';
import { outsideNote, settleSearch } from '../ripgrep/rg-failure';
import { runRipgrep } from '../ripgrep/rg-runner';
import { openSearchTarget } from '../search-target';
import type { ToolContext, ToolResult } from '../tool';
import { errorResult, textResult } from '../tool-error';
import type { GrepArgs } from './grep-args';
import { GrepCollector } from './grep-collector';
import { grepPresentationMeta } from './grep-meta';
import { renderGrepText } from './grep-render';
import { retainGrepMatches } from './grep-retain';

/** ripgrep's own default is 100M; normal patterns compile to a few KB (\w{50} with Unicode classes to ~1.8 MB). */
const REGEX_SIZE_LIMIT = '2M';

function longLinesNote(count: number): string {
  const matches = count === 1 ? '1 match is' : `${count} matches are`;
  return `(${matches} on a line over 1 MiB: its preview shows the start of the line, without the match when it lies further in.)`;
}

/** Runs ripgrep once and streams its matches through the collector, then renders text and meta from one retention. */
export async function executeGrep(args: GrepArgs, context: ToolContext): Promise<ToolResult> {
  const { workspace, config, signal } = context;
  const resolved = await workspace.resolve(args.path || '.');
  if (!resolved.ok) return errorResult(resolved.error.code, resolved.error.message);
  const opened = await openSearchTarget(workspace, resolved.absolute, 'grep');
  if (!opened.ok) return errorResult(opened.error.code, opened.error.message);
  const target = opened.target;

  const spill = new LazySpill(context.spill, 'grep');
  const collector = new GrepCollector({
    maxMatches: config.grepMaxMatches,
    previewBytes: config.grepPreviewBytes,
    showPath: target.showPath,
    reports: target.reports,
    ...(context.spill === undefined ? {} : { spill: (batch: Buffer) => spill.write(batch) }),
  });
  const outcome = await runRipgrep({
    // Every value is glued to its flag or sits after `--`: no pattern, glob or path can become a flag.
    args: [
      '--no-config',
      '--json',
      // Hostile counted repetitions (a{100000}) compile past this and would run to the timeout: refused at once instead.
      `--regex-size-limit=${REGEX_SIZE_LIMIT}`,
      `--regexp=${args.pattern}`,
      ...(args.include === undefined ? [] : [`--glob=${args.include}`]),
      '--',
      target.rgPath,
    ],
    cwd: target.cwd,
    signal,
    timeoutMs: config.grepTimeoutMs,
    separator: 0x0a,
    onRecord: (buffer, start, end) => collector.record(buffer, start, end),
    oversized: collector.oversized,
    maxRunning: config.ripgrepMaxRunning,
  });
  await target.close();

  const collected = collector.result();
  const settled = settleSearch('grep', outcome, { timeoutMs: config.grepTimeoutMs, searched: collected.searched, what: `pattern ${JSON.stringify(args.pattern)}${args.include === undefined ? '' : ` or include glob ${JSON.stringify(args.include)}`}` });
  if (settled.kind === 'error') {
    await spill.discard();
    return errorResult(settled.error.code, settled.error.message);
  }
  const notes = [
    ...settled.notes,
    ...(collected.outside === 0 ? [] : [outsideNote(collected.outside, 'matches')]),
    ...(collected.longLines === 0 ? [] : [longLinesNote(collected.longLines)]),
  ];

  const retention = retainGrepMatches(collected.matches, collected.total, config.grepMaxMatches);
  const spilled = retention.truncated ? shownSpill(await spill.finish(), workspace.display) : NOT_NEEDED;
  const spillPath = spilled.kind === 'saved' ? spilled.path : undefined;
  return textResult(
    renderGrepText(retention, spilled, notes),
    grepPresentationMeta(retention, spillPath, config.metaMaxBytes),
  );
}
