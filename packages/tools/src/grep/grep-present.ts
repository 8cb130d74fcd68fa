import { searchViewFromMeta, type SearchResultView, type ToolCallView } from '@toolcards/protocol';
import { titlePiece } from '../call-title';
import type { ToolResult } from '../tool';
import type { GrepArgs } from './grep-args';

/** `Grep foo in src (*.ts)`. */
export function grepTitle(args: GrepArgs): string {
  const where = args.path ? ` in ${titlePiece(args.path)}` : '';
  const include = args.include === undefined ? '' : ` (${titlePiece(args.include)})`;
  return `Grep ${titlePiece(args.pattern)}${where}${include}`;
}

export function presentGrepCall(args: GrepArgs): ToolCallView {
  return {
    card: 'generic',
    title: grepTitle(args),
    kind: 'search',
    ...(args.path ? { locations: [{ path: args.path }] } : {}),
  };
}

/**
 * The search card from the persisted meta; declines on an error or an absent or malformed meta.
 * Our grep logs matches; an imported grep that asked only for the matching files (Claude Code's
 * files_with_matches) logs the paths shape, drawn as the path list.
 */
export function presentGrepResult(args: GrepArgs, result: ToolResult): SearchResultView | undefined {
  if (result.isError) return undefined;
  return searchViewFromMeta(result.meta, grepTitle(args));
}
