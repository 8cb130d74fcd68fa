import { LazySpill, NOT_NEEDED, shownSpill } from '../lazy-spill';
import { outsideNote, settleSearch } from '../ripgrep/rg-failure';
import { runRipgrep, type RipgrepOutcome } from '../ripgrep/rg-runner';
import { openSearchTarget, type SearchTarget } from '../search-target';
import type { ToolContext, ToolResult } from '../tool';
import { errorResult, textResult } from '../tool-error';
import type { GrepArgs } from './grep-args';
import { GrepCollector, type GrepCollected } from './grep-collector';
import { GREP_MEMORY_LIMIT_BYTES, grepMemoryLimitMessage, grepRunSteps } from './grep-memory-limit';
import { grepPresentationMeta } from './grep-meta';
import { renderGrepText } from './grep-render';
import { retainGrepMatches } from './grep-retain';

/** ripgrep's own default is 100M; normal patterns compile to a few KB (\w{50} with Unicode classes to ~1.8 MB). */
const REGEX_SIZE_LIMIT = '2M';
/**
 * ripgrep lets its lazy DFA grow to 1 GB per thread (a{50000} reached 737 MB in 8 s) and would meet the memory cap:
 * past this it falls back to a slower engine instead (53 MB). Everyday patterns search as fast with it.
 */
const DFA_SIZE_LIMIT = '16M';

function longLinesNote(count: number): string {
  const matches = count === 1 ? '1 match is' : `${count} matches are`;
  return `(${matches} on a line over 1 MiB: its preview shows the start of the line, without the match when it lies further in.)`;
}

/** One ripgrep run streamed through a fresh collector and spill. */
interface GrepRun {
  outcome: RipgrepOutcome;
  collected: GrepCollected;
  spill: LazySpill;
}

async function runGrepOnce(args: GrepArgs, context: ToolContext, target: SearchTarget, extraFlags: readonly string[], timeoutMs: number): Promise<GrepRun> {
  const { config, signal } = context;
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
      `--dfa-size-limit=${DFA_SIZE_LIMIT}`,
      ...extraFlags,
      `--regexp=${args.pattern}`,
      ...(args.include === undefined ? [] : [`--glob=${args.include}`]),
      '--',
      target.rgPath,
    ],
    cwd: target.cwd,
    signal,
    timeoutMs,
    separator: 0x0a,
    onRecord: (buffer, start, end) => collector.record(buffer, start, end),
    oversized: collector.oversized,
    maxRunning: config.ripgrepMaxRunning,
    memoryLimitBytes: GREP_MEMORY_LIMIT_BYTES,
    sandbox: target.sandbox,
  });
  return { outcome, collected: collector.result(), spill };
}

/** Runs ripgrep (in leaner ways while it hits its memory cap) and renders text and meta from one retention. */
export async function executeGrep(args: GrepArgs, context: ToolContext): Promise<ToolResult> {
  const { workspace, config } = context;
  const resolved = await workspace.resolve(args.path || '.');
  if (!resolved.ok) return errorResult(resolved.error.code, resolved.error.message);
  const opened = await openSearchTarget(workspace, resolved.absolute, 'grep');
  if (!opened.ok) return errorResult(opened.error.code, opened.error.message);
  const target = opened.target;

  // Every step shares the one timeout the call promises.
  const deadline = Date.now() + config.grepTimeoutMs;
  // A folder is searched as `.` (search-target.ts); anything else is one file.
  let run: GrepRun | undefined;
  for (const flags of grepRunSteps(target.rgPath !== '.')) {
    await run?.spill.discard();
    run = await runGrepOnce(args, context, target, flags, Math.max(1, deadline - Date.now()));
    if (run.outcome.kind !== 'out-of-memory') break;
  }
  await target.close();

  const { outcome, collected, spill } = run!;
  if (outcome.kind === 'out-of-memory') return memoryLimitResult(collected, spill, context);
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

/** ripgrep hit its cap at every step: a typed error that names the file and keeps what was found before it. */
async function memoryLimitResult(collected: GrepCollected, spill: LazySpill, context: ToolContext): Promise<ToolResult> {
  const { config, workspace } = context;
  let found: string | undefined;
  if (collected.total === 0) {
    await spill.discard();
  } else {
    const retention = retainGrepMatches(collected.matches, collected.total, config.grepMaxMatches);
    const spilled = retention.truncated ? shownSpill(await spill.finish(), workspace.display) : NOT_NEEDED;
    found = renderGrepText(retention, spilled);
  }
  return errorResult('SEARCH_MEMORY_LIMIT', grepMemoryLimitMessage(GREP_MEMORY_LIMIT_BYTES, collected.unfinishedFile, found));
}
