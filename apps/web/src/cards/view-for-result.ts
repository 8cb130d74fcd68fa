import { callViewFromWire, resultViewFromWire, type ToolCallView, type ToolResultView } from '@toolcards/protocol';
import { errorTitle } from './generic/error-phrase';

/** The parts of a `tool/result` a card needs (structurally, so the event's data fits). */
export interface ResultForView {
  content: readonly { type: 'text'; text: string }[];
  isError: boolean;
  error?: { code: string; message: string };
}

/**
 * The view to draw for a result: an error is a generic card titled with the call and what
 * went wrong ("Read a.ts — file not found"; the code is a badge the caller adds), showing its message;
 * a wire view that fails protocol validation — an unknown card, a malformed read, or none
 * at all — is a generic card with the result's text. A terminal view is drawn even for an error
 * result (an agent marks a non-zero exit as one). Never throws.
 */
export function viewForResult(result: ResultForView, wireView: unknown, callTitle?: string): ToolResultView {
  const text = result.content.map((block) => block.text).join('\n');
  const view = resultViewFromWire(wireView);
  // A shell command that failed is still a terminal card: its exit badge says how it ended.
  if (view?.card === 'terminal') return view;
  if (result.isError) {
    return result.error
      ? { card: 'generic', title: errorTitle(result.error.code, callTitle), content: result.error.message }
      : { card: 'generic', content: text };
  }
  if (view) return view;
  const title = titleOf(wireView);
  return title === undefined ? { card: 'generic', content: text } : { card: 'generic', title, content: text };
}

/** The view to draw for a pending call; an invalid one becomes a titled generic card. */
export function viewForCall(name: string, wireView: unknown): ToolCallView {
  return callViewFromWire(wireView) ?? { card: 'generic', title: name };
}

/** A rejected view may still carry a usable title; nothing else of it is trusted. */
function titleOf(wireView: unknown): string | undefined {
  try {
    if (typeof wireView !== 'object' || wireView === null) return undefined;
    const title: unknown = (wireView as { title?: unknown }).title;
    return typeof title === 'string' && title !== '' ? title : undefined;
  } catch {
    return undefined; // a throwing getter is as malformed as the rest
  }
}
