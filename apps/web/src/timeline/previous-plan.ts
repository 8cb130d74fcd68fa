import type { PlanResultView } from '@toolcards/protocol';
import { resultViewOf } from './row-views';
import type { TimelineRow } from '../model/timeline-row';

/** Each plan card's previous plan in the rows, by call id; derived once per rows array. */
const previousByRows = new WeakMap<readonly TimelineRow[], ReadonlyMap<string, PlanResultView>>();

/**
 * The plan card before `callId`'s in the session's rows (for "what changed since"), or
 * undefined for the first one. Only results whose wire view says `plan` are validated, so
 * a session of thousands of calls costs a scan, not a validation of every view. Rows not
 * loaded yet (older history) are not seen: the answer changes when they arrive, with the rows.
 */
export function previousPlanOf(rows: readonly TimelineRow[], callId: string): PlanResultView | undefined {
  let byCall = previousByRows.get(rows);
  if (!byCall) {
    byCall = previousPlans(rows);
    previousByRows.set(rows, byCall);
  }
  return byCall.get(callId);
}

/** Whether a row's result is (by its wire view) a plan card: the rows a previous plan is looked up for. */
export function isPlanResultRow(row: TimelineRow): boolean {
  return row.kind === 'tool' && row.result !== undefined && !row.result.isError && wireCard(row.result.view) === 'plan';
}

function previousPlans(rows: readonly TimelineRow[]): ReadonlyMap<string, PlanResultView> {
  const byCall = new Map<string, PlanResultView>();
  let last: PlanResultView | undefined;
  for (const row of rows) {
    if (row.kind !== 'tool' || !row.result || !isPlanResultRow(row)) continue;
    const view = resultViewOf(row.result, row.call);
    if (view.card !== 'plan') continue;
    if (last) byCall.set(row.callId, last);
    last = view;
  }
  return byCall;
}

function wireCard(view: unknown): unknown {
  return typeof view === 'object' && view !== null ? (view as { card?: unknown }).card : undefined;
}
