import { describe, expect, it } from 'vitest';
import { MAX_INBOUND_FRAME_BYTES } from '@toolcards/protocol';
import { decodeClientFrame, MAX_FRAME_NESTING, nestingExceeds } from './inbound-frames';

function decode(value: unknown) {
  return decodeClientFrame(typeof value === 'string' ? value : JSON.stringify(value), false);
}

describe('decodeClientFrame', () => {
  it('accepts every frame type', () => {
    const frames = [
      { type: 'subscribe', sessionId: 's1', afterSeq: -1 },
      { type: 'unsubscribe', sessionId: 's1' },
      { type: 'run-tool', sessionId: 's1', name: 'read', args: { path: 'a' }, requestId: 'r' },
      { type: 'user-message', sessionId: 's1', text: 'hi' },
      { type: 'cancel', sessionId: 's1' },
      { type: 'cancel', sessionId: 's1', callId: 'c' },
    ];
    for (const frame of frames) expect(decode(frame)).toEqual({ ok: true, frame });
    expect(decodeClientFrame(Buffer.from(JSON.stringify(frames[0])), false)).toEqual({ ok: true, frame: frames[0] });
  });

  it.each([
    ['{', 'BAD_JSON', /not valid JSON/],
    ['null', 'BAD_FRAME', /JSON object/],
    ['"subscribe"', 'BAD_FRAME', /JSON object/],
    ['[]', 'BAD_FRAME', /JSON object/],
    [{ sessionId: 's1' }, 'BAD_FRAME', /string "type"/],
    [{ type: 7 }, 'BAD_FRAME', /string "type"/],
    [{ type: 'hello' }, 'UNKNOWN_FRAME_TYPE', /unknown frame type "hello"; expected one of subscribe, .*run-tool, user-message, cancel/],
    [{ type: 'subscribe', sessionId: 's1', afterSeq: -2 }, 'BAD_FRAME', /bad subscribe frame: afterSeq: /],
    [{ type: 'subscribe', sessionId: 's1', afterSeq: 1.5 }, 'BAD_FRAME', /afterSeq/],
    [{ type: 'subscribe', sessionId: 'a/../b', afterSeq: 0 }, 'BAD_FRAME', /sessionId: a session id is/],
    [{ type: 'run-tool', sessionId: 's1', name: '', args: {} }, 'BAD_FRAME', /bad run-tool frame: name/],
    [{ type: 'user-message', sessionId: 's1', text: '' }, 'BAD_FRAME', /bad user-message frame: text/],
  ])('refuses %j with %s', (frame, code, message) => {
    const decoded = decode(frame);
    expect(decoded.ok).toBe(false);
    expect(!decoded.ok && decoded.error).toMatchObject({ code, message: expect.stringMatching(message) });
  });

  it('echoes the sessionId and requestId of a refused frame', () => {
    const decoded = decode({ type: 'run-tool', sessionId: 's1', requestId: 'r9', name: 'read' });
    expect(!decoded.ok && decoded.error).toMatchObject({ code: 'BAD_FRAME', sessionId: 's1', requestId: 'r9' });
  });

  it('refuses an oversized frame before parsing it', () => {
    const decoded = decodeClientFrame(Buffer.alloc(MAX_INBOUND_FRAME_BYTES + 1, 0x20), false);
    expect(!decoded.ok && decoded.error.code).toBe('FRAME_TOO_LARGE');
    // Counted in bytes, not characters.
    const multiByte = '"' + 'é'.repeat(MAX_INBOUND_FRAME_BYTES / 2) + '"';
    expect(!decodeClientFrame(multiByte, false).ok && (decodeClientFrame(multiByte, false) as { error: { code: string } }).error.code).toBe('FRAME_TOO_LARGE');
  });

  it('refuses binary frames', () => {
    const decoded = decodeClientFrame(Buffer.from('{"type":"cancel","sessionId":"s"}'), true);
    expect(!decoded.ok && decoded.error).toMatchObject({ code: 'BAD_FRAME', message: expect.stringContaining('binary') });
  });

  it('refuses args nested past the limit without recursing, echoing the ids', () => {
    const nested = (depth: number) => `{"type":"run-tool","sessionId":"s1","requestId":"r1","name":"read","args":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    // The frame object is level 1, so args may nest one level less than the limit.
    expect(decodeClientFrame(nested(MAX_FRAME_NESTING - 1), false).ok).toBe(true);
    for (const depth of [MAX_FRAME_NESTING, 1_400, 100_000]) {
      const decoded = decodeClientFrame(nested(depth), false);
      expect(!decoded.ok && decoded.error, `depth ${depth}`).toEqual({
        code: 'BAD_FRAME',
        message: `frame nests arrays and objects more than ${MAX_FRAME_NESTING} levels deep; the limit is ${MAX_FRAME_NESTING}`,
        sessionId: 's1',
        requestId: 'r1',
      });
    }
    const objects = `{"type":"cancel","sessionId":"s1","x":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`;
    expect(!decodeClientFrame(objects, false).ok && (decodeClientFrame(objects, false) as { error: { code: string } }).error.code).toBe('BAD_FRAME');
  });

  it('answers BAD_FRAME, never throws, when decoding itself fails', () => {
    const hostile = Object.assign(Buffer.from('{"type":"cancel","sessionId":"s1"}'), {
      toString(): string {
        throw new RangeError('Maximum call stack size exceeded');
      },
    });
    expect(decodeClientFrame(hostile, false)).toEqual({
      ok: false,
      error: { code: 'BAD_FRAME', message: 'frame could not be decoded: Maximum call stack size exceeded' },
    });
  });

  it('counts only brackets outside strings', () => {
    expect(nestingExceeds(JSON.stringify({ a: '[[[[[[[[', b: '\\"[[[[' }), 2)).toBe(false);
    expect(nestingExceeds('[[["]]]]"]]]', 2)).toBe(true);
    expect(nestingExceeds('[[]]', 2)).toBe(false);
  });

  it('clips long echoed ids and type names', () => {
    const decoded = decode({ type: 'x'.repeat(500), sessionId: 'y'.repeat(500) });
    expect(!decoded.ok && decoded.error.message.length).toBeLessThan(300);
    expect(!decoded.ok && decoded.error.sessionId?.length).toBeLessThanOrEqual(101);
  });
});
