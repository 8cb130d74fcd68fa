import { assertNever } from '@toolcards/protocol';
import { LazySpill, NOT_NEEDED, shownSpill } from '../lazy-spill';
import { partialSearchNote, ripgrepExitError, searchAbortedMessage, searchTimeoutMessage } from '../ripgrep/rg-failure';
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
  const notes: string[] = [];
  switch (outcome.kind) {
    case 'timeout':
      await spill.discard();
      return errorResult('SEARCH_TIMEOUT', searchTimeoutMessage('grep', config.grepTimeoutMs));
    case 'aborted':
      await spill.discard();
      return errorResult('SEARCH_ABORTED', searchAbortedMessage('grep'));
    case 'failed':
      await spill.discard();
      return errorResult('SEARCH_FAILED', outcome.message);
    case 'exited': {
      const error = ripgrepExitError(outcome.exitCode, outcome.stderr, collected.searched, `pattern ${JSON.stringify(args.pattern)}${args.include === undefined ? '' : ` or include glob ${JSON.stringify(args.include)}`}`);
      if (error !== undefined) {
        await spill.discard();
        return errorResult(error.code, error.message);
      }
      const note = outcome.exitCode === 2 ? partialSearchNote(outcome.stderr) : undefined;
      if (note !== undefined) notes.push(note);
      break;
    }
    default:
      return assertNever(outcome, 'ripgrep outcome');
  }

  const retention = retainGrepMatches(collected.matches, collected.total, config.grepMaxMatches);
  const spilled = retention.truncated ? shownSpill(await spill.finish(), workspace.display) : NOT_NEEDED;
  const spillPath = spilled.kind === 'saved' ? spilled.path : undefined;
  return textResult(
    renderGrepText(retention, spilled, notes),
    grepPresentationMeta(retention, spillPath, config.metaMaxBytes),
  );
}
