import type { ReadMeta, ToolCallView, ToolResultView } from './views';
import {
  readMetaSchema,
  toolCallViewSchema,
  toolResultViewSchema,
} from './view-schemas';
import { narrowWith } from './safe-narrowing';

/**
 * Narrowing at the opaque boundaries (persisted meta, views over the wire).
 * Each returns the typed value or `undefined` — never throws — so a caller
 * falls back to the generic card. Rejection lists are written down as tests.
 */

export function readMetaFromMeta(meta: unknown): ReadMeta | undefined {
  return narrowWith(readMetaSchema, meta);
}

/** Validates a result view that arrived over the wire. */
export function resultViewFromWire(view: unknown): ToolResultView | undefined {
  return narrowWith(toolResultViewSchema, view);
}

/** Validates a call view that arrived over the wire. */
export function callViewFromWire(view: unknown): ToolCallView | undefined {
  return narrowWith(toolCallViewSchema, view);
}
