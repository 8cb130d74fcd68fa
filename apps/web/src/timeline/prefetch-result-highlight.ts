import { prefetchHighlight } from '../highlight/highlight-windows';
import { resultViewOf } from './row-views';
import type { ToolRow } from './timeline-row';

/**
 * A live result whose card draws highlighted code: its highlighting starts as the frame is
 * ingested (SessionStore's `onLiveResult`), not in the card's mount a frame or more later, so
 * the card often mounts with its visible rows coloured. The view is validated here once
 * (cached per record: the card reuses it); other results are left alone.
 */
export function prefetchResultHighlight(row: ToolRow): void {
  const { result } = row;
  if (!result || result.isError || !isReadWireView(result.view)) return;
  const view = resultViewOf(result, row.call);
  // The lines the read card highlights (read-card.tsx) while nothing was added around them.
  if (view.card === 'read') prefetchHighlight(view.lang, view.lines.map((line) => line.text));
}

/** A read view as the server sent it, before validation: only those are worth validating now. */
function isReadWireView(view: unknown): boolean {
  return typeof view === 'object' && view !== null && (view as { card?: unknown }).card === 'read';
}
