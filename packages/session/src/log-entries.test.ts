import { describe, expect, it } from 'vitest';
import { parseEventLine, parseHeaderLine } from './log-entries';

describe('log line parsing', () => {
  it('names every field a bad event got wrong, in the shared issue wording', () => {
    const line = JSON.stringify({ seq: 1, time: 't', type: 'tool/call', data: { callId: 3, name: 'read', args: {}, origin: 'robot' } });
    expect(parseEventLine(line)).toEqual({
      ok: false,
      message: 'not a session event (data.callId: Invalid input: expected string, received number; data.origin: Invalid option: expected one of "model"|"user")',
    });
  });

  it('says what is wrong with a header', () => {
    const line = JSON.stringify({ type: 'session', version: 1, id: 'a/b', cwd: '/w', createdAt: 't' });
    expect(parseHeaderLine(line)).toEqual({ ok: false, message: 'not a session header (id: a session id is 1–64 letters, digits, "_" or "-")' });
  });

  it('reports text that is not JSON', () => {
    expect(parseEventLine('{"seq":')).toMatchObject({ ok: false, message: expect.stringMatching(/^not valid JSON \(/) });
  });
});
