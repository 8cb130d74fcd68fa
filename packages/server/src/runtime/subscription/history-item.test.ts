import { describe, expect, it } from 'vitest';
import { historyItemSchema, type ReadResultView, type SessionEvent, type ToolCallView } from '@toolcards/protocol';
import { historyItem } from './history-item';

const time = '2025-01-01T00:00:00.000Z';
const readView: ReadResultView = { card: 'read', path: 'src/app.ts', offset: 1, lines: [{ number: 1, text: 'const a = 1;' }], totalLines: 1, lang: 'typescript' };
const modelText = '<path>src/app.ts</path>\n<type>file</type>\n<content>\n1: const a = 1;\n\n(End of file)\n</content>';

function result(data: Partial<Extract<SessionEvent, { type: 'tool/result' }>['data']>): Extract<SessionEvent, { type: 'tool/result' }> {
  return { seq: 3, time, type: 'tool/result', data: { callId: 'c1', content: [{ type: 'text', text: modelText }], isError: false, ...data } };
}

/** What the client gets: the item as it goes over the wire, validated. */
function wire(item: ReturnType<typeof historyItem>) {
  return historyItemSchema.parse(JSON.parse(JSON.stringify(item)));
}

describe('historyItem', () => {
  it('sends a result with a view lean: no content, no meta, marked contentOmitted, the view untouched', () => {
    const event = result({ meta: { path: 'src/app.ts', lines: ['const a = 1;'] } });
    const item = wire(historyItem(event, readView));
    expect(item).toEqual({
      event: { seq: 3, time, type: 'tool/result', data: { callId: 'c1', content: [], isError: false } },
      view: readView,
      contentOmitted: true,
    });
    expect('meta' in (item.event.data as object)).toBe(false);
    // The logged event itself is not changed (live delivery and other readers share it).
    expect(event.data.content).toHaveLength(1);
    expect(event.data.meta).toBeDefined();
  });

  it('leaves the model text out of a read view too (the read card draws its lines)', () => {
    const event = result({ meta: { path: 'src/app.ts' } });
    const item = wire(historyItem(event, { ...readView, content: '1: const a = 1;' }));
    expect(item.view).toEqual(readView);
    expect(item.contentOmitted).toBe(true);
  });

  it('sends an error result with an error code lean', () => {
    const event = result({ isError: true, error: { code: 'FS_NOT_FOUND', message: 'no such file: nope.ts' }, content: [{ type: 'text', text: 'no such file: nope.ts' }] });
    const item = wire(historyItem(event, undefined));
    expect(item.contentOmitted).toBe(true);
    expect(item.event).toEqual({ seq: 3, time, type: 'tool/result', data: { callId: 'c1', content: [], isError: true, error: { code: 'FS_NOT_FOUND', message: 'no such file: nope.ts' } } });
    expect(item.view).toBeUndefined();
  });

  it('keeps the content of an error without a code: its card shows the text', () => {
    const event = result({ isError: true, content: [{ type: 'text', text: 'the tool crashed' }] });
    const viewed = wire(historyItem(event, { card: 'generic', title: 'read failed' }));
    expect(viewed).toEqual({ event, view: { card: 'generic', title: 'read failed' } });
    expect(viewed.contentOmitted).toBeUndefined();
    const unviewed = wire(historyItem(event, undefined));
    expect(unviewed).toEqual({ event });
  });

  it('keeps content and meta of a result without a view (the generic fallback draws them)', () => {
    const event = result({ meta: { anything: true } });
    const item = wire(historyItem(event, undefined));
    expect(item).toEqual({ event });
    expect(item.contentOmitted).toBeUndefined();
  });

  it('leaves every other event type as it is, with its view when it has one', () => {
    const callView: ToolCallView = { card: 'generic', title: 'read src/app.ts', kind: 'read', locations: [{ path: 'src/app.ts' }] };
    const call: SessionEvent = { seq: 2, time, type: 'tool/call', data: { callId: 'c1', name: 'read', args: { path: 'src/app.ts' }, origin: 'user' } };
    expect(wire(historyItem(call, callView))).toEqual({ event: call, view: callView });
    const others: SessionEvent[] = [
      { seq: 0, time, type: 'user/message', data: { text: 'hello' } },
      { seq: 1, time, type: 'assistant/text', data: { messageId: 'm1', delta: 'hi' } },
      { seq: 4, time, type: 'turn/end', data: { reason: 'error', error: 'the model failed' } },
    ];
    for (const event of others) {
      const item = wire(historyItem(event, undefined));
      expect(item).toEqual({ event });
      expect('view' in item).toBe(false);
    }
  });
});
