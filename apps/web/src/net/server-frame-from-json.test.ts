import { describe, expect, it } from 'vitest';
import { serverFrameFromJson } from './server-frame-from-json';

const json = (value: unknown) => JSON.stringify(value);
const event = (type: string, data: unknown, extra: object = {}) =>
  json({ type: 'event', sessionId: 's1', event: { seq: 3, time: 't', type, data }, ...extra });

describe('serverFrameFromJson', () => {
  it('parses each frame type', () => {
    expect(serverFrameFromJson(json({ type: 'hello', version: '0.1.0', workspace: '/w', model: null, editor: 'vscode' }))).toEqual({ type: 'hello', version: '0.1.0', workspace: '/w', model: null, editor: 'vscode' });
    expect(serverFrameFromJson(json({ type: 'subscribed', sessionId: 's1', header: { type: 'session', version: 1, id: 's1', cwd: '/w', createdAt: 't' }, fromSeq: 0, lastSeq: 4 }))).toMatchObject({ type: 'subscribed' });
    expect(serverFrameFromJson(json({ type: 'caught-up', sessionId: 's1', lastSeq: -1 }))).toMatchObject({ type: 'caught-up', lastSeq: -1 });
    expect(serverFrameFromJson(json({ type: 'error', code: 'SLOW_CONSUMER', message: 'bye' }))).toMatchObject({ type: 'error', code: 'SLOW_CONSUMER' });
    const view = { card: 'whatever-the-cards-decide' };
    expect(serverFrameFromJson(event('tool/call', { callId: 'c', name: 'read', args: { path: 'a' }, origin: 'user' }, { view }))).toMatchObject({ type: 'event', view });
  });

  it('accepts every event type with the fields the client reads', () => {
    for (const [type, data] of [
      ['user/message', { text: 'hi' }],
      ['assistant/text', { messageId: 'm', delta: '' }],
      ['tool/call', { callId: 'c', name: 'grep', args: null, origin: 'model' }],
      ['tool/result', { callId: 'c', content: [{ type: 'text', text: 'x' }], isError: true, error: { code: 'FS_NOT_FOUND', message: 'm' }, meta: { any: 1 } }],
      ['turn/end', { reason: 'error', error: 'boom' }],
    ] as const) {
      expect(serverFrameFromJson(event(type, data)), type).toBeDefined();
    }
  });

  it('rejects malformed frames without throwing', () => {
    for (const text of [
      'not json',
      '[]',
      'null',
      json({ type: 'nope' }),
      json({ type: 'hello', version: 1 }),
      json({ type: 'event', sessionId: 's1' }),
      json({ type: 'event', sessionId: 's1', event: { seq: -1, time: 't', type: 'user/message', data: { text: 'x' } } }),
      json({ type: 'event', sessionId: 's1', event: { seq: 1.5, time: 't', type: 'user/message', data: { text: 'x' } } }),
      json({ type: 'event', sessionId: 's1', event: { seq: 1, type: 'user/message', data: { text: 'x' } } }),
      event('user/typing', {}),
      event('user/message', { text: 3 }),
      event('assistant/text', { messageId: 'm' }),
      event('tool/call', { callId: 'c', name: 'read', origin: 'user' }),
      event('tool/call', { callId: 'c', name: 'read', args: {}, origin: 'robot' }),
      event('tool/result', { callId: 'c', content: 'x', isError: false }),
      event('tool/result', { callId: 'c', content: [{ type: 'image' }], isError: false }),
      event('tool/result', { callId: 'c', content: [], isError: false, error: 'x' }),
      event('turn/end', { reason: 'finished' }),
    ]) {
      expect(serverFrameFromJson(text), text).toBeUndefined();
    }
  });
});
