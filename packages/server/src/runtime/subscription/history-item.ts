import type { HistoryItem, SessionEvent } from '@toolcards/protocol';
import type { EventView } from '../view-computation';

/**
 * One logged event as history sends it. A result whose card the view fully describes goes
 * lean — no model-facing `content`, no `meta` — since a read result would otherwise carry
 * its file three times. What the client draws without the view keeps its content: a
 * result with no view, and an error without a code (the card shows its text).
 */
export function historyItem(event: SessionEvent, view: EventView): HistoryItem {
  if (event.type === 'tool/result' && resultNeedsNoContent(event, view)) {
    const { content: _content, meta: _meta, ...lean } = event.data;
    return { event: { ...event, data: { ...lean, content: [] } }, view: leanView(view), contentOmitted: true };
  }
  return view === undefined ? { event } : { event, view };
}

/**
 * A read view's `content` is the model text once more, for clients without a read card;
 * the read card draws `lines`. A quarter of a long session's history bytes, left out.
 */
function leanView(view: EventView): EventView {
  if (view?.card !== 'read' || view.content === undefined) return view;
  const { content: _content, ...lean } = view;
  return lean;
}

function resultNeedsNoContent(event: Extract<SessionEvent, { type: 'tool/result' }>, view: EventView): boolean {
  if (event.data.isError) return event.data.error !== undefined;
  return view !== undefined;
}
