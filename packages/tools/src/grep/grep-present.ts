import { searchViewFromMeta, type SearchMatchesResultView, type ToolCallView } from '@toolcards/protocol';
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

/** The matches card from the persisted meta; declines on an error, absent or malformed meta, or glob's shape. */
export function presentGrepResult(args: GrepArgs, result: ToolResult): SearchMatchesResultView | undefined {
  if (result.isError) return undefined;
  const view = searchViewFromMeta(result.meta, grepTitle(args));
  return view?.shape === 'matches' ? view : undefined;
}
