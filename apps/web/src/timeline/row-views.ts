import type { ToolCallView, ToolResultView } from '@toolcards/protocol';
import { viewForCall, viewForResult } from '../cards';
import type { ToolCallRecord, ToolResultRecord } from '../model/timeline-row';

// A view validated once stays valid. Views are keyed by the wire view object their record
// carries (else by the record): an older page spliced in derives every row again from the same
// held events, and new records must not mean new views — a card handed a new view object
// validates 2,000 lines again, re-renders and takes its colours again. A result's key includes
// its call's title: a result whose call arrives later is named by it then.
const resultViews = new WeakMap<object, Map<string | undefined, ToolResultView>>();
const callViews = new WeakMap<object, ToolCallView>();

/** What a record's view is cached under: its wire view, held with the event, or the record itself. */
function viewKey(record: { view: unknown }): object {
  return typeof record.view === 'object' && record.view !== null ? record.view : record;
}

/** A result's card view, validated once per wire view (and call title). */
export function resultViewOf(result: ToolResultRecord, call: ToolCallRecord | undefined): ToolResultView {
  const title = call === undefined ? undefined : callViewOf(call).title;
  let byTitle = resultViews.get(viewKey(result));
  if (!byTitle) resultViews.set(viewKey(result), (byTitle = new Map()));
  let view = byTitle.get(title);
  if (!view) {
    view = viewForResult(result, result.view, title);
    byTitle.set(title, view);
  }
  return view;
}

/** A call's pending-card view, validated once per wire view. */
export function callViewOf(call: ToolCallRecord): ToolCallView {
  let view = callViews.get(viewKey(call));
  if (!view) {
    view = viewForCall(call.name, call.view);
    callViews.set(viewKey(call), view);
  }
  return view;
}
