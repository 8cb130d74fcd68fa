import { describe, expect, it } from 'vitest';
import { CLIENT_FRAME_TYPES, clientFrameSchema, serverFrameSchema } from './wire';
import { sessionEventSchema } from './events';

describe('client frames', () => {
  it('lists every frame type the server must handle', () => {
    expect([...CLIENT_FRAME_TYPES].sort()).toEqual(['cancel', 'load-history', 'run-tool', 'subscribe', 'unsubscribe', 'user-message']);
    expect([...CLIENT_FRAME_TYPES].sort()).toEqual(clientFrameSchema.options.map((option) => option.shape.type.value).sort());
  });

  it('accepts a subscribe from the start and a run-tool with JSON args', () => {
    expect(clientFrameSchema.safeParse({ type: 'subscribe', sessionId: 's1', afterSeq: -1 }).success).toBe(true);
    const run = { type: 'run-tool', sessionId: 's1', name: 'grep', args: { pattern: 'a', path: 'src' }, requestId: 'r1' };
    expect(clientFrameSchema.parse(run)).toEqual(run);
  });

  it.each([
    ['an unknown type', { type: 'shutdown' }],
    ['a session id that names a path', { type: 'subscribe', sessionId: '../etc/passwd', afterSeq: -1 }],
    ['a session id with a slash', { type: 'unsubscribe', sessionId: 'a/b' }],
    ['afterSeq below -1', { type: 'subscribe', sessionId: 's', afterSeq: -2 }],
    ['a fractional afterSeq', { type: 'subscribe', sessionId: 's', afterSeq: 1.5 }],
    ['a run-tool without a name', { type: 'run-tool', sessionId: 's', args: {} }],
    ['an empty user message', { type: 'user-message', sessionId: 's', text: '' }],
  ])('rejects %s', (_, frame) => {
    expect(clientFrameSchema.safeParse(frame).success).toBe(false);
  });
});

describe('events and server frames', () => {
  const result = {
    seq: 3,
    time: '2026-11-29T00:00:00.000Z',
    type: 'tool/result',
    data: { callId: 'c1', content: [{ type: 'text', text: 'No matches found' }], isError: false, meta: { shape: 'matches', files: [], truncated: false, total: 0 } },
  };

  it('parses a tool result event with its meta', () => {
    expect(sessionEventSchema.parse(result)).toEqual(result);
  });

  it('rejects an error code outside the stable list', () => {
    const bad = { ...result, data: { ...result.data, isError: true, error: { code: 'OOPS', message: 'x' } } };
    expect(sessionEventSchema.safeParse(bad).success).toBe(false);
  });

  it('rejects an event with a negative seq or an unknown type', () => {
    expect(sessionEventSchema.safeParse({ ...result, seq: -1 }).success).toBe(false);
    expect(sessionEventSchema.safeParse({ ...result, type: 'tool/progress' }).success).toBe(false);
  });

  it('accepts a call-state frame with a known state only', () => {
    const queued = { type: 'call-state', sessionId: 's1', callId: 'c1', state: 'queued' };
    expect(serverFrameSchema.parse(queued)).toEqual(queued);
    expect(serverFrameSchema.safeParse({ ...queued, state: 'running' }).success).toBe(true);
    expect(serverFrameSchema.safeParse({ ...queued, state: 'unsaved' }).success).toBe(true);
    expect(serverFrameSchema.safeParse({ ...queued, state: 'paused' }).success).toBe(false);
    expect(serverFrameSchema.safeParse({ ...queued, sessionId: '../x' }).success).toBe(false);
  });

  it('carries a view next to an event without trusting it', () => {
    const frame = { type: 'event', sessionId: 's1', event: result, view: { card: 'nonsense' } };
    expect(serverFrameSchema.parse(frame)).toEqual(frame);
  });
});
