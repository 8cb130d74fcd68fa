import type { NewSessionEvent, SessionEvent } from '@toolcards/protocol';

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
    const results: NewSessionEvent[] = [...this.openCalls].map((callId) => ({
      type: 'tool/result',
      data: { callId, content: [{ type: 'text', text: message }], isError: true, error: { code: 'TOOL_ABORTED', message } },
    }));
    const end: NewSessionEvent[] = this.turnOpen
      ? [{ type: 'turn/end', data: { reason: 'error', error: 'toolcards stopped during this turn' } }]
      : [];
    return [...results, ...end];
  }
}
