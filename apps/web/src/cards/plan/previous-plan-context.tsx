import { createContext, useContext } from 'react';
import type { PlanMeta } from '@toolcards/protocol';

/**
 * The plan card before this one in its session, for "what changed since": the timeline
 * provides it per row (timeline/previous-plan.ts). Undefined: the first plan, or a card
 * outside a session (gallery, tests) — it then shows no changes. Tiny on purpose: it is in
 * the page's first bundle, the plan card is not.
 */
export const PreviousPlanContext = createContext<PlanMeta | undefined>(undefined);

export function usePreviousPlan(): PlanMeta | undefined {
  return useContext(PreviousPlanContext);
}
