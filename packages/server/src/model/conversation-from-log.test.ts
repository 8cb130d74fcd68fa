import { describe, expect, it } from 'vitest';
import type { JsonValue, NewSessionEvent, ToolOrigin } from '@toolcards/protocol';
import { MISSING_RESULT_TEXT, conversationFromLog } from './conversation-from-log';

const user = (text: string): NewSessionEvent => ({ type: 'user/message', data: { text } });
const said = (messageId: string, delta: string): NewSessionEvent => ({
  type: 'assistant/text',
  data: { messageId, delta },
});
const call = (callId: string, name: string, args: JsonValue, origin: ToolOrigin = 'model'): NewSessionEvent => ({
  type: 'tool/call',
  data: { callId, name, args, origin },
});
const result = (callId: string, text: string, isError = false): NewSessionEvent => ({
  type: 'tool/result',
  data: {
    callId,
    content: text === '' ? [] : [{ type: 'text', text }],
    isError,
    ...(isError ? { error: { code: 'FS_NOT_FOUND' as const, message: 'No such file: x' } } : {}),
  },
});
const end = (reason: 'done' | 'cancelled' | 'error' | 'step-limit' = 'done'): NewSessionEvent => ({
  type: 'turn/end',
  data: { reason },
});

const fnCall = (id: string, name: string, args: string) => ({ id, type: 'function', function: { name, arguments: args } });

describe('conversationFromLog', () => {
  it('is empty for an empty log', () => {
    expect(conversationFromLog([])).toEqual([]);
  });

  it('joins streamed deltas of one message', () => {
    expect(conversationFromLog([user('hi'), said('m1', 'Hel'), said('m1', 'lo'), end()])).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'Hello' },
    ]);
  });

  it('pairs model tool calls with their results in call order, one assistant message per step', () => {
    const messages = conversationFromLog([
      user('find foo'),
      said('m1', 'Searching.'),
      call('c1', 'grep', { pattern: 'foo' }),
      call('c2', 'glob', { pattern: '*.ts' }),
      result('c1', 'a.ts:1: foo'),
      result('c2', 'a.ts'),
      call('c3', 'read', { path: 'a.ts' }),
      result('c3', '1: foo'),
      said('m3', 'Found it.'),
      end(),
    ]);
    expect(messages).toEqual([
      { role: 'user', content: 'find foo' },
      {
        role: 'assistant',
        content: 'Searching.',
        tool_calls: [fnCall('c1', 'grep', '{"pattern":"foo"}'), fnCall('c2', 'glob', '{"pattern":"*.ts"}')],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'a.ts:1: foo' },
      { role: 'tool', tool_call_id: 'c2', content: 'a.ts' },
      { role: 'assistant', content: null, tool_calls: [fnCall('c3', 'read', '{"path":"a.ts"}')] },
      { role: 'tool', tool_call_id: 'c3', content: '1: foo' },
      { role: 'assistant', content: 'Found it.' },
    ]);
  });

  it('gives an error result its text, or its code and message when it has no text', () => {
    const messages = conversationFromLog([
      user('read x'),
      call('c1', 'read', { path: 'x' }),
      call('c2', 'read', { path: 'y' }),
      result('c1', 'File not found: x', true),
      result('c2', '', true),
    ]);
    expect(messages.slice(2)).toEqual([
      { role: 'tool', tool_call_id: 'c1', content: 'File not found: x' },
      { role: 'tool', tool_call_id: 'c2', content: 'Error FS_NOT_FOUND: No such file: x' },
    ]);
  });

  it('answers a call whose result was never logged, since the API requires an answer', () => {
    const messages = conversationFromLog([user('go'), call('c1', 'grep', { pattern: 'x' }), end('cancelled'), user('again')]);
    expect(messages).toEqual([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [fnCall('c1', 'grep', '{"pattern":"x"}')] },
      { role: 'tool', tool_call_id: 'c1', content: MISSING_RESULT_TEXT },
      { role: 'user', content: 'again' },
    ]);
  });

  it('keeps malformed arguments as a JSON string, so the request stays valid JSON, and says what was wrong', () => {
    const refusal: NewSessionEvent = {
      type: 'tool/result',
      data: {
        callId: 'c1',
        content: [{ type: 'text', text: 'Invalid arguments for read: expected object, received string' }],
        isError: true,
        error: { code: 'TOOL_INVALID_ARGS', message: 'Invalid arguments for read: expected object, received string' },
      },
    };
    const messages = conversationFromLog([user('go'), call('c1', 'read', '{"path": '), refusal]);
    expect(messages[2]).toEqual({
      role: 'tool',
      tool_call_id: 'c1',
      content: expect.stringMatching(
        /^Invalid arguments for read: expected object, received string\nThe arguments you sent for read are not valid JSON \(.+\)\. Call read again with one JSON object that matches its parameters schema\.$/,
      ),
    });
    expect(messages[1]).toMatchObject({ tool_calls: [fnCall('c1', 'read', '"{\\"path\\": "')] });
    expect(JSON.parse((messages[1] as { tool_calls: { function: { arguments: string } }[] }).tool_calls[0]!.function.arguments)).toBe(
      '{"path": ',
    );
  });

  it('turns a user-run tool into user-visible context merged with the next user message', () => {
    const messages = conversationFromLog([
      call('u1', 'read', { path: 'a.ts' }, 'user'),
      result('u1', '1: export const a = 1;'),
      user('explain this'),
    ]);
    expect(messages).toEqual([
      {
        role: 'user',
        content:
          '[The user ran the tool `read` directly, not you, with arguments {"path":"a.ts"}. Its result:]\n1: export const a = 1;\n\nexplain this',
      },
    ]);
  });

  it('says when a user-run tool failed', () => {
    const [message] = conversationFromLog([call('u1', 'read', { path: 'x' }, 'user'), result('u1', 'File not found: x', true)]);
    expect(message).toEqual({
      role: 'user',
      content: '[The user ran the tool `read` directly, not you, with arguments {"path":"x"}. It failed (FS_NOT_FOUND).]\nFile not found: x',
    });
  });

  it('places a user-run tool that finished mid-step after the step’s tool answers', () => {
    const messages = conversationFromLog([
      user('go'),
      said('m1', 'Look'),
      call('c1', 'grep', { pattern: 'x' }),
      call('u1', 'glob', { pattern: '*' }, 'user'),
      result('u1', 'a.ts'),
      result('c1', 'a.ts:1: x'),
      said('m2', 'Done'),
      end(),
    ]);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user', 'assistant']);
    expect(messages[3]).toMatchObject({ content: expect.stringContaining('`glob`') });
  });

  it('never splits an assistant message that a user-run tool finished during', () => {
    const messages = conversationFromLog([
      user('go'),
      said('m1', 'Hel'),
      call('u1', 'glob', { pattern: '*' }, 'user'),
      result('u1', 'a.ts'),
      said('m1', 'lo'),
      end(),
    ]);
    expect(messages).toEqual([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: 'Hello' },
      { role: 'user', content: expect.stringContaining('`glob`') },
    ]);
  });

  it('ignores a user-run tool that never finished and a result whose call is unknown', () => {
    expect(conversationFromLog([call('u1', 'grep', { pattern: 'x' }, 'user'), result('zz', 'orphan'), user('hi')])).toEqual([
      { role: 'user', content: 'hi' },
    ]);
  });

  it('keeps the partial answer of a cancelled or failed turn, and continues after it', () => {
    const messages = conversationFromLog([
      user('one'),
      said('m1', 'Partial'),
      end('cancelled'),
      user('two'),
      said('m2', 'Reply'),
      end(),
    ]);
    expect(messages).toEqual([
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'Partial' },
      { role: 'user', content: 'two' },
      { role: 'assistant', content: 'Reply' },
    ]);
  });

  it('accepts logged events, with seq and time', () => {
    const logged = [user('hi'), said('m1', 'yo')].map((event, seq) => ({ ...event, seq, time: '2025-01-01T00:00:00Z' }));
    expect(conversationFromLog(logged)).toHaveLength(2);
  });
});
