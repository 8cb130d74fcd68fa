import type { NewSessionEvent, SessionEvent } from '@toolcards/protocol';
import { errorResult } from '@toolcards/tools';

/**
 * What a killed server left open in a log: tool calls without a result, and a
 * model turn without its turn/end. Reopening appends the missing ends so no
 * card stays pending forever and the model's next turn sees a complete
 * conversation. (A graceful stop cancels everything and logs the ends itself.)
 */
export class UnfinishedWork {
  private readonly openCalls = new Set<string>();
  private turnOpen = false;

  observe(event: SessionEvent): void {
    switch (event.type) {
      case 'tool/call':
        this.openCalls.add(event.data.callId);
        if (event.data.origin === 'model') this.turnOpen = true;
        return;
      case 'tool/result':
        this.openCalls.delete(event.data.callId);
        return;
      case 'assistant/text':
        this.turnOpen = true;
        return;
      case 'turn/end':
        this.turnOpen = false;
        return;
      case 'user/message':
        return;
    }
  }

  /** The events that close what was left open, in the order to append them. */
  closingEvents(): NewSessionEvent[] {
    const message = 'toolcards stopped before this call finished; run it again';
    const results = [...this.openCalls].map((callId) => abortedResult(callId, message));
    const end = this.turnOpen ? [abortedTurnEnd('toolcards stopped during this turn')] : [];
    return [...results, ...end];
  }
}

/** The result that closes a call whose real result never reached the log. */
export function abortedResult(callId: string, message: string): NewSessionEvent {
  return { type: 'tool/result', data: { callId, ...errorResult('TOOL_ABORTED', message) } };
}

/** The end of a model turn whose own turn/end never reached the log. */
export function abortedTurnEnd(error: string): NewSessionEvent {
  return { type: 'turn/end', data: { reason: 'error', error } };
}
