import { z } from 'zod';
import { narrowWith } from './safe-narrowing';
import { inner, lazySchema } from './lazy-schema';

/**
 * The plan card: an agent's checklist (Claude Code's TodoWrite, Codex's update_plan). The view
 * is the meta plus `card` and `title`, derived from the one schema below.
 */

export const planItemStatusSchema = z.enum(['pending', 'in_progress', 'completed']);

export const planItemSchema = lazySchema(() =>
  z.object({
    /** What the step is, as the agent wrote it. */
    text: z.string().min(1),
    status: planItemStatusSchema,
  }),
);

export const planMetaSchema = lazySchema(() =>
  z.object({
    /** In the agent's order; empty is a valid (cleared) plan. */
    items: z.array(inner(planItemSchema)),
    /** Why the plan changed, when the agent said. */
    explanation: z.string().optional(),
  }),
);

export const planResultViewSchema = lazySchema(() =>
  z
    .object({ card: z.literal('plan'), title: z.string().optional() })
    .and(inner(planMetaSchema)),
);

export type PlanItemStatus = z.output<typeof planItemStatusSchema>;
export type PlanItem = z.output<typeof planItemSchema>;
export type PlanMeta = z.output<typeof planMetaSchema>;
export type PlanResultView = z.output<typeof planResultViewSchema>;

/** A plan result's persisted meta, or `undefined` when any field is malformed. Never throws. */
export function planMetaFromMeta(meta: unknown): PlanMeta | undefined {
  return narrowWith(planMetaSchema, meta);
}

/** The plan card for a plan result's meta. */
export function planViewFromMeta(meta: unknown, title?: string): PlanResultView | undefined {
  const narrowed = planMetaFromMeta(meta);
  if (!narrowed) return undefined;
  return { card: 'plan', ...(title === undefined ? {} : { title }), ...narrowed };
}
