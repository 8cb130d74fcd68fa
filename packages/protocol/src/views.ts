import type { z } from 'zod';
import type {
  callLocationSchema,
  genericResultViewSchema,
  readFileLineSchema,
  readMetaSchema,
  readResultViewSchema,
  toolCallKindSchema,
  toolCallViewSchema,
  toolResultViewSchema,
} from './view-schemas';

/**
 * The render-intent union: what a client needs to draw a tool call or result.
 * Views are computed by the tools' presenters on every delivery and never persisted.
 * Each type is inferred from its schema in view-schemas.ts, where the field docs are,
 * so a type cannot say something the wire validator does not.
 */

export type ToolCallKind = z.output<typeof toolCallKindSchema>;
export type CallLocation = z.output<typeof callLocationSchema>;
export type GenericCallView = z.output<typeof toolCallViewSchema>;
export type ToolCallView = GenericCallView;

export type GenericResultView = z.output<typeof genericResultViewSchema>;

export type ReadFileLine = z.output<typeof readFileLineSchema>;
export type ReadResultView = z.output<typeof readResultViewSchema>;

/**
 * CLOSED: adding a member must break every exhaustive switch on `card`. Its search, terminal,
 * diff and plan members are typed in search-view.ts, terminal-view.ts, diff-view.ts and
 * plan-view.ts, each beside its schema and narrowing.
 */
export type ToolResultView = z.output<typeof toolResultViewSchema>;
export type ToolResultCard = ToolResultView['card'];

/** The read tool's persisted meta: its card without card, title and content. */
export type ReadMeta = z.output<typeof readMetaSchema>;
