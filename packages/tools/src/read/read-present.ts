import { readMetaFromMeta, type ReadResultView, type ToolCallView } from '@toolcards/protocol';
import { titlePiece } from '../call-title';
import type { ToolResult } from '../tool';
import { unwrapReadEnvelope } from './read-render';
import type { ReadArgs } from './read-args';

/** `Read src/a.ts (10 - 40)`: the window as asked, since nothing has been read yet. */
export function readTitle(args: ReadArgs): string {
  const { offset, limit } = args;
  const range =
    limit !== undefined
      ? ` (${offset ?? 1} - ${(offset ?? 1) + limit - 1})`
      : offset !== undefined
        ? ` (from ${offset})`
        : '';
  return `Read ${titlePiece(args.path)}${range}`;
}

export function presentReadCall(args: ReadArgs): ToolCallView {
  return {
    card: 'generic',
    title: readTitle(args),
    kind: 'read',
    locations: [args.offset === undefined ? { path: args.path } : { path: args.path, line: args.offset }],
  };
}

/**
 * The read card, from the persisted meta plus the envelope-stripped text.
 * Declines (→ generic card) on an error, absent or malformed meta, content
 * that is not one text block, or text that is not this path's envelope.
 */
export function presentReadResult(args: ReadArgs, result: ToolResult): ReadResultView | undefined {
  if (result.isError) return undefined;
  const meta = readMetaFromMeta(result.meta);
  if (meta === undefined) return undefined;
  const [block, ...rest] = result.content;
  if (block === undefined || rest.length > 0 || block.type !== 'text' || typeof block.text !== 'string') return undefined;
  const content = unwrapReadEnvelope(block.text, meta.path);
  if (content === undefined) return undefined;
  return { card: 'read', title: readTitle(args), ...meta, content };
}
