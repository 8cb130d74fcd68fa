import { describe, expect, it } from 'vitest';
import { MAX_INBOUND_FRAME_BYTES } from '@toolcards/protocol';
import { decodeClientFrame, MAX_ARGS_BYTES, MAX_ARGS_NESTING, MAX_FRAME_CONTAINERS, MAX_FRAME_NESTING } from './inbound-frames';
import { lastMemberString, memberBytesExceed, memberString, outlineFrame } from './inbound-frames-outline';

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

  it('refuses frames nested past the limit without recursing, echoing the ids', () => {
    const nested = (depth: number) => `{"type":"run-tool","sessionId":"s1","requestId":"r1","name":"read","x":${'['.repeat(depth)}${']'.repeat(depth)},"args":{}}`;
    // The frame object is level 1.
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

  // Before: this frame (1 MB, 8,500 arrays 60 deep) was parsed and validated, 2.3–3.6 s of the event loop.
  it('refuses run-tool args nested deeper than the limit from the frame text, echoing an id sent after them', () => {
    const one = '['.repeat(60) + ']'.repeat(60);
    const frame = `{"type":"run-tool","sessionId":"s1","name":"read","args":[${Array.from({ length: 8_500 }, () => one).join(',')}],"requestId":"r1"}`;
    expect(decodeClientFrame(frame, false)).toEqual({
      ok: false,
      error: { code: 'BAD_FRAME', message: `args nested deeper than ${MAX_ARGS_NESTING} levels`, sessionId: 's1', requestId: 'r1' },
    });
    const nested = (depth: number) => ({ type: 'run-tool', sessionId: 's1', requestId: 'r1', name: 'read', args: JSON.parse('['.repeat(depth) + ']'.repeat(depth)) });
    expect(decode(nested(MAX_ARGS_NESTING)).ok).toBe(true);
    expect(!decode(nested(MAX_ARGS_NESTING + 1)).ok).toBe(true);
  });

  it('refuses run-tool args larger than the limit, counted in UTF-8 bytes', () => {
    const large = { type: 'run-tool', sessionId: 's1', name: 'grep', args: { patterns: Array.from({ length: 20_000 }, () => 'TODO') }, requestId: 'r1' };
    expect(decode(large)).toEqual({
      ok: false,
      error: { code: 'BAD_FRAME', message: "args larger than 64 KiB: a tool's args are a few paths, patterns and numbers", sessionId: 's1', requestId: 'r1' },
    });
    // 32,769 two-byte characters: fewer than 64 Ki characters, more than 64 KiB.
    const wide = decode({ type: 'run-tool', sessionId: 's1', name: 'grep', args: { pattern: 'é'.repeat(MAX_ARGS_BYTES / 2) } });
    expect(!wide.ok && wide.error.message).toMatch(/args larger than 64 KiB/);
    const fits = { type: 'run-tool', sessionId: 's1', name: 'grep', args: { pattern: 'a'.repeat(MAX_ARGS_BYTES - 20) } };
    expect(decode(fits)).toEqual({ ok: true, frame: fits });
  });

  it('refuses a frame holding more arrays and objects than the limit, whatever member holds them', () => {
    const junk = decode({ type: 'cancel', sessionId: 's1', x: Array.from({ length: MAX_FRAME_CONTAINERS }, () => []) });
    expect(!junk.ok && junk.error).toEqual({ code: 'BAD_FRAME', message: `frame holds more than ${MAX_FRAME_CONTAINERS} arrays and objects`, sessionId: 's1' });
    expect(decode({ type: 'cancel', sessionId: 's1', x: Array.from({ length: MAX_FRAME_CONTAINERS - 2 }, () => []) }).ok).toBe(true);
  });

  it('hands run-tool args over as parsed, and still checks the rest of the frame', () => {
    const frame = { type: 'run-tool', sessionId: 's1', name: 'read', args: { path: 'a', nested: [1, 'two', null, { three: true }] } };
    expect(decode(frame)).toEqual({ ok: true, frame });
    const missing = decode({ type: 'run-tool', sessionId: 's1', name: 'read' });
    expect(!missing.ok && missing.error.message).toMatch(/bad run-tool frame: args/);
    // args on another frame type are an unknown member: dropped, as before.
    expect(decode({ type: 'cancel', sessionId: 's1', args: { path: 'a' } })).toEqual({ ok: true, frame: { type: 'cancel', sessionId: 's1' } });
  });
});

describe('outlineFrame', () => {
  const roomy = { maxDepth: 1_000, maxContainers: 1_000, maxArgsUnits: 1_000, maxArgsDepth: 1_000 };

  it('counts only brackets outside strings', () => {
    expect(outlineFrame(JSON.stringify({ a: '[[[[[[[[', b: '\\"[[[[' }), roomy).depth).toBe(1);
    expect(outlineFrame('[[["]]]]"]]]', roomy).depth).toBe(3);
    expect(outlineFrame('[[]]', roomy)).toMatchObject({ depth: 2, containers: 2 });
  });

  const textOf = (json: string, member?: { start: number; end: number }) => member && json.slice(member.start, member.end).trim();

  it('finds the top-level members it reads, with their own nesting, and only at the top level', () => {
    const json = '{"x":{"args":[[[1]]]}, "type" : "run-tool" ,"\\u0061rgs":[[1],{"a":[]}],"sessionId":"s\\"1"}';
    const outline = outlineFrame(json, roomy);
    expect(textOf(json, outline.members.args)).toBe('[[1],{"a":[]}]');
    expect(outline.members.args?.depth).toBe(3);
    expect(memberString(json, outline.members.type)).toBe('run-tool');
    expect(memberString(json, outline.members.sessionId)).toBe('s"1');
    expect(outline.members.requestId).toBeUndefined();
    expect(outlineFrame('{"args":7}', roomy).members.args).toMatchObject({ depth: 0 });
  });

  it('keeps the last of a repeated member, as JSON.parse does', () => {
    const json = '{"args":[[[]]],"args":[]}';
    expect(textOf(json, outlineFrame(json, roomy).members.args)).toBe('[]');
  });

  it('stops at the first bound crossed', () => {
    const limits = { maxDepth: 4, maxContainers: 5, maxArgsUnits: 10, maxArgsDepth: 2 };
    expect(outlineFrame('{"x":[[[[]]]]}', limits).exceeded).toBe('depth');
    expect(outlineFrame('{"x":[[],[],[],[],[]]}', limits).exceeded).toBe('containers');
    expect(outlineFrame('{"args":[[[]]]}', limits).exceeded).toBe('args-depth');
    expect(outlineFrame('{"args":"0123456789abc"}', limits).exceeded).toBe('args-size');
    expect(outlineFrame('{"args":[[]],"x":"0123456789abc"}', limits).exceeded).toBeUndefined();
  });

  it('reads a string last member back from the end of the text', () => {
    expect(lastMemberString('{"args":[[[[ , "requestId" : "r\\"9" } ', 'requestId')).toBe('r"9');
    expect(lastMemberString('{"args":[],"requestId":"r9","x":1}', 'requestId')).toBeUndefined();
    expect(lastMemberString('{"args":"a\\",\\"requestId\\":\\"r9"}', 'requestId')).toBeUndefined();
  });

  it('measures a member in UTF-8 bytes', () => {
    const json = `{"args":"${'é'.repeat(100)}"}`;
    const args = outlineFrame(json, roomy).members.args!;
    expect(memberBytesExceed(json, args, 202)).toBe(false);
    expect(memberBytesExceed(json, args, 201)).toBe(true);
  });

  it('clips long echoed ids and type names', () => {
    const decoded = decode({ type: 'x'.repeat(500), sessionId: 'y'.repeat(500) });
    expect(!decoded.ok && decoded.error.message.length).toBeLessThan(300);
    expect(!decoded.ok && decoded.error.sessionId?.length).toBeLessThanOrEqual(101);
  });
});
