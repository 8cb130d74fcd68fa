import { describe, expect, it } from 'vitest';
import type { NewSessionEvent, SessionEvent } from '@toolcards/protocol';
import { UnfinishedWork } from './unfinished-work';

function closing(...list: NewSessionEvent[]): NewSessionEvent[] {
  const work = new UnfinishedWork();
  list.forEach((event, seq) => work.observe({ ...event, seq, time: 't' } as SessionEvent));
  return work.closingEvents();
}

const call = (callId: string, origin: 'user' | 'model' = 'user'): NewSessionEvent => ({ type: 'tool/call', data: { callId, name: 'read', args: {}, origin } });
const result = (callId: string): NewSessionEvent => ({ type: 'tool/result', data: { callId, content: [], isError: false } });

describe('UnfinishedWork', () => {
  it('leaves a finished session alone', () => {
    expect(closing(call('a'), result('a'), { type: 'user/message', data: { text: 'x' } })).toEqual([]);
    expect(closing(call('a', 'model'), result('a'), { type: 'turn/end', data: { reason: 'done' } })).toEqual([]);
  });

  it('closes calls that never got a result', () => {
    expect(closing(call('a'), call('b'), result('a'))).toEqual([
      { type: 'tool/result', data: { callId: 'b', content: [{ type: 'text', text: expect.stringContaining('stopped') }], isError: true, error: { code: 'TOOL_ABORTED', message: expect.any(String) } } },
    ]);
  });

  it('ends a model turn that never ended, after its open calls', () => {
    const events = closing({ type: 'user/message', data: { text: 'q' } }, { type: 'assistant/text', data: { messageId: 'm', delta: 'x' } }, call('a', 'model'));
    expect(events.map((event) => event.type)).toEqual(['tool/result', 'turn/end']);
    expect(events[1]).toEqual({ type: 'turn/end', data: { reason: 'error', error: 'toolcards stopped during this turn' } });
  });
});
