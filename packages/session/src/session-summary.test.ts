import { describe, expect, it } from 'vitest';
import type { NewSessionEvent, SessionEvent, SessionHeader } from '@toolcards/protocol';
import { clipTitle, foldSummary, MAX_TITLE_CHARS, startSummary, UNTITLED_SESSION } from './session-summary';

const header: SessionHeader = { type: 'session', version: 1, id: 's1', cwd: '/w', createdAt: '2025-01-01T00:00:00.000Z' };

function events(...list: NewSessionEvent[]): SessionEvent[] {
  return list.map((event, seq) => ({ ...event, seq, time: `2025-01-01T00:00:0${seq}.000Z` }) as SessionEvent);
}

function fold(list: SessionEvent[]) {
  return list.reduce((state, event) => foldSummary(state, event, (name) => `Title of ${name}`), startSummary(header));
}

describe('session summary', () => {
  it('starts untitled with no events', () => {
    expect(startSummary(header)).toEqual({
      summary: { id: 's1', title: UNTITLED_SESSION, cwd: '/w', createdAt: header.createdAt, lastActivity: header.createdAt, eventCount: 0, toolCalls: 0, paths: [], source: 'toolcards' },
      titled: false,
    });
  });

  it('takes the title from the first user message and counts every event', () => {
    const state = fold(
      events(
        { type: 'user/message', data: { text: '  explain\n the   parser ' } },
        { type: 'assistant/text', data: { messageId: 'm', delta: 'ok' } },
        { type: 'user/message', data: { text: 'second' } },
      ),
    );
    expect(state.summary).toMatchObject({ title: 'explain the parser', eventCount: 3, lastActivity: '2025-01-01T00:00:02.000Z' });
  });

  it('counts tool calls, not events, and names the first three distinct paths they touched', () => {
    const call = (callId: string, name: string, args: Record<string, unknown>) => ({ type: 'tool/call' as const, data: { callId, name, args: args as never, origin: 'user' as const } });
    const result = (callId: string) => ({ type: 'tool/result' as const, data: { callId, content: [], isError: false } });
    const state = fold(
      events(
        call('a', 'read', { path: 'src/a.ts' }), result('a'),
        call('b', 'grep', { pattern: 'x' }), result('b'),
        call('c', 'read', { path: 'src/a.ts', offset: 40 }), result('c'),
        call('d', 'glob', { pattern: '*', path: 'docs' }), result('d'),
        call('e', 'read', { path: 'README.md' }), result('e'),
        call('f', 'read', { path: 'later.ts' }), result('f'),
      ),
    );
    expect(state.summary).toMatchObject({ eventCount: 12, toolCalls: 6, paths: ['src/a.ts', 'docs', 'README.md'] });
  });

  it('takes the title from the first tool call when it comes first', () => {
    const state = fold(
      events(
        { type: 'tool/call', data: { callId: 'c', name: 'grep', args: {}, origin: 'user' } },
        { type: 'user/message', data: { text: 'later' } },
      ),
    );
    expect(state.summary.title).toBe('Title of grep');
  });

  it('falls back to name and args when the call title throws', () => {
    const [call] = events({ type: 'tool/call', data: { callId: 'c', name: 'read', args: { path: 'a' }, origin: 'user' } });
    const state = foldSummary(startSummary(header), call as SessionEvent, () => {
      throw new Error('boom');
    });
    expect(state.summary.title).toBe('read {"path":"a"}');
  });

  it('clips long titles on a character boundary', () => {
    const title = clipTitle('🙂'.repeat(200));
    expect([...(title ?? '')]).toHaveLength(MAX_TITLE_CHARS);
    expect(title?.endsWith('…')).toBe(true);
    expect(clipTitle(' \n ')).toBeUndefined();
  });
});
