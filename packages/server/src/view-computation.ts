import type { JsonValue, SessionEvent, ToolCallView, ToolResultView, ToolResultEvent } from '@toolcards/protocol';
import type { ToolResult } from '@toolcards/tools';

/** The tools' presenters (from @toolcards/tools), injected so this stays pure and testable. */
export interface Presenters {
  presentCall(name: string, args: JsonValue): ToolCallView;
  presentResult(name: string, args: JsonValue, result: ToolResult): ToolResultView | undefined;
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
 */
export class ViewComputer {
  private readonly calls = new Map<string, LoggedCall>();

  constructor(private readonly presenters: Presenters) {}

  /** Notes what a later result needs, without computing a view (events before a resume point). */
  remember(event: SessionEvent): void {
    if (event.type === 'tool/call') this.calls.set(event.data.callId, { name: event.data.name, args: event.data.args });
  }

  viewFor(event: SessionEvent): EventView {
    this.remember(event);
    switch (event.type) {
      case 'tool/call':
        return callView(this.presenters, event.data.name, event.data.args);
      case 'tool/result': {
        const call = this.calls.get(event.data.callId);
        return call === undefined ? undefined : resultView(this.presenters, call, event.data);
      }
      case 'user/message':
      case 'assistant/text':
      case 'turn/end':
        return undefined;
    }
  }
}

/** A presenter that throws means no view: the client draws the generic card. */
export function callView(presenters: Presenters, name: string, args: JsonValue): ToolCallView | undefined {
  try {
    return presenters.presentCall(name, args) ?? undefined;
  } catch {
    return undefined;
  }
}

export function resultView(presenters: Presenters, call: LoggedCall, data: ToolResultEvent['data']): ToolResultView | undefined {
  try {
    return presenters.presentResult(call.name, call.args, toolResultOf(data)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The ToolResult a logged result stands for (what the presenter saw live). */
export function toolResultOf(data: ToolResultEvent['data']): ToolResult {
  return {
    content: data.content,
    isError: data.isError,
    ...(data.error === undefined ? {} : { error: data.error }),
    ...(data.meta === undefined ? {} : { meta: data.meta }),
  };
}
