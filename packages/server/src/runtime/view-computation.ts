import type { JsonValue, SessionEvent, ToolCallView, ToolResultView, ToolResultEvent } from '@toolcards/protocol';
import type { PresenterFailure, PresenterFailureHook, ToolResult } from '@toolcards/tools';

/** The tools' own type: the registry catches a throwing presenter and reports it in this shape. */
export type { PresenterFailure, PresenterFailureHook };

/**
 * The tools' presenters (from @toolcards/tools), injected so this stays pure
 * and testable. They never throw: a presenter bug is caught where the tool's
 * presenter is called (the registry, the one place that catches) and reported to
 * the hook they are handed. `onPresenterFailure` travels with them so every view
 * computed from them (live, replay, history) reports a throwing presenter.
 */
export interface Presenters {
  presentCall(name: string, args: JsonValue, onFailure?: PresenterFailureHook): ToolCallView;
  presentResult(name: string, args: JsonValue, result: ToolResult, onFailure?: PresenterFailureHook): ToolResultView | undefined;
  onPresenterFailure?: PresenterFailureHook;
}

export type EventView = ToolCallView | ToolResultView | undefined;

interface LoggedCall {
  name: string;
  args: JsonValue;
}

/**
 * Computes the view of each event as it is delivered — views are never
 * persisted, so live delivery and replay run this same code over the same
 * (logged) events and agree. Feed it every event of a session in seq order:
 * a result's view needs the args of its call.
 *
 * A call's args are held only until its result: the result's view is the last
 * one that needs them, so an open session holds the args of its running calls
 * alone, not of every call it ever made (a session of large args took 130 MB
 * more on reopening). A second result for the same call gets no view, here and
 * in history alike (session-history.ts reads a call back only for its first result).
 */
export class ViewComputer {
  private readonly calls = new Map<string, LoggedCall>();

  constructor(private readonly presenters: Presenters) {}

  /** Notes what a later result needs, without computing a view (events before a resume point). */
  remember(event: SessionEvent): void {
    if (event.type === 'tool/call') this.calls.set(event.data.callId, { name: event.data.name, args: event.data.args });
    else if (event.type === 'tool/result') this.calls.delete(event.data.callId);
  }

  /** Whether a result of this call would get its view (its call was seen and no result yet). */
  holds(callId: string): boolean {
    return this.calls.has(callId);
  }

  viewFor(event: SessionEvent): EventView {
    switch (event.type) {
      case 'tool/call':
        this.remember(event);
        return callView(this.presenters, event.data.name, event.data.args);
      case 'tool/result': {
        const call = this.calls.get(event.data.callId);
        this.remember(event);
        return call === undefined ? undefined : resultView(this.presenters, call, event.data);
      }
      case 'user/message':
      case 'assistant/text':
      case 'turn/end':
        return undefined;
    }
  }
}

/** The call's view, handing the presenters their failure hook (a presenter bug is reported, never thrown). */
export function callView(presenters: Presenters, name: string, args: JsonValue): ToolCallView | undefined {
  return presenters.presentCall(name, args, presenters.onPresenterFailure) ?? undefined;
}

/** A logged result's data is the tool's result (plus its callId): the presenter sees what it saw live. */
export function resultView(presenters: Presenters, call: LoggedCall, data: ToolResultEvent['data']): ToolResultView | undefined {
  return presenters.presentResult(call.name, call.args, data, presenters.onPresenterFailure) ?? undefined;
}

/** One line for the server's log: which presenter, on what, and the error with its stack. */
export function describePresenterFailure({ phase, tool, error }: PresenterFailure): string {
  const detail = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return `the ${phase} presenter of tool ${JSON.stringify(tool)} threw; the client gets the generic card. ${detail}`;
}
