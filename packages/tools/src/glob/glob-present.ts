import { searchViewFromMeta, type SearchPathsResultView, type ToolCallView } from '@toolcards/protocol';
import { titlePiece } from '../call-title';
import type { ToolResult } from '../tool';
import type { GlobArgs } from './glob-args';

/** `Glob **\/*.ts in src`. */
export function globTitle(args: GlobArgs): string {
  return `Glob ${titlePiece(args.pattern)}${args.path ? ` in ${titlePiece(args.path)}` : ''}`;
}

export function presentGlobCall(args: GlobArgs): ToolCallView {
  return {
    card: 'generic',
    title: globTitle(args),
    kind: 'search',
    ...(args.path ? { locations: [{ path: args.path }] } : {}),
  };
}

/** The paths card from the persisted meta; declines on an error, absent or malformed meta, or grep's shape. */
export function presentGlobResult(args: GlobArgs, result: ToolResult): SearchPathsResultView | undefined {
  if (result.isError) return undefined;
  const view = searchViewFromMeta(result.meta, globTitle(args));
  return view?.shape === 'paths' ? view : undefined;
}
