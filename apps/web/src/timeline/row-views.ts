import type { ToolCallView, ToolResultView } from '@toolcards/protocol';
import { viewForCall, viewForResult } from '../cards';
import type { ToolCallRecord, ToolResultRecord } from './timeline-row';

// Rows are immutable, so a view validated once stays valid: scrolling a row out of the
// virtual window and back, or finding text in it, does not validate it again.
const resultViews = new WeakMap<ToolResultRecord, ToolResultView>();
const callViews = new WeakMap<ToolCallRecord, ToolCallView>();

/** A result's card view, validated once per record. */
export function resultViewOf(result: ToolResultRecord, call: ToolCallRecord | undefined): ToolResultView {
  let view = resultViews.get(result);
  if (!view) {
    view = viewForResult(result, result.view, call === undefined ? undefined : callViewOf(call).title);
    resultViews.set(result, view);
  }
  return view;
}

/** A call's pending-card view, validated once per record. */
export function callViewOf(call: ToolCallRecord): ToolCallView {
  let view = callViews.get(call);
  if (!view) {
    view = viewForCall(call.name, call.view);
    callViews.set(call, view);
  }
  return view;
}
