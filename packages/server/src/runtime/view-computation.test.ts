import { describe, expect, it } from 'vitest';
import type { JsonValue, NewSessionEvent, SessionEvent } from '@toolcards/protocol';
import type { ToolResult } from '@toolcards/tools';
import { describePresenterFailure, ViewComputer, type PresenterFailure, type Presenters } from './view-computation';

function events(...list: NewSessionEvent[]): SessionEvent[] {
  return list.map((event, seq) => ({ ...event, seq, time: 't' }) as SessionEvent);
}

const call = (callId: string, name: string, args: JsonValue): NewSessionEvent => ({ type: 'tool/call', data: { callId, name, args, origin: 'user' } });
const result = (callId: string, meta?: JsonValue): NewSessionEvent => ({
  type: 'tool/result',
  data: { callId, content: [{ type: 'text', text: 'out' }], isError: false, ...(meta === undefined ? {} : { meta }) },
});

/** Presenters that show what they were given. */
const presenters: Presenters = {
  presentCall: (name, args) => ({ card: 'generic', title: `${name} ${JSON.stringify(args)}` }),
  presentResult: (name, args, outcome: ToolResult) => {
    if (name === 'declines') return undefined;
    return { card: 'generic', title: `${name} ${JSON.stringify(args)}`, content: JSON.stringify(outcome.meta ?? null) };
  },
};

describe('ViewComputer', () => {
  it('gives calls their call view and results the view of their own call', () => {
    const computer = new ViewComputer(presenters);
    const views = events(call('c1', 'read', { path: 'a' }), call('c2', 'grep', { pattern: 'x' }), result('c2', { n: 2 }), result('c1', { n: 1 })).map((event) =>
      computer.viewFor(event),
    );
    expect(views).toEqual([
      { card: 'generic', title: 'read {"path":"a"}' },
      { card: 'generic', title: 'grep {"pattern":"x"}' },
      { card: 'generic', title: 'grep {"pattern":"x"}', content: '{"n":2}' },
      { card: 'generic', title: 'read {"path":"a"}', content: '{"n":1}' },
    ]);
  });

  // Before: every call's args stayed in memory while its session was open (issue 24, break 5).
  it("lets go of a call's args at its result: a second result of the same call has no view", () => {
    const computer = new ViewComputer(presenters);
    const [opened, first, second] = events(call('c1', 'read', { path: 'a' }), result('c1'), result('c1'));
    computer.viewFor(opened!);
    expect(computer.holds('c1')).toBe(true);
    expect(computer.viewFor(first!)).toMatchObject({ title: 'read {"path":"a"}' });
    expect(computer.holds('c1')).toBe(false);
    expect(computer.viewFor(second!)).toBeUndefined();
    // Remembered events (before a resume point) let go the same way: only unfinished calls stay.
    const resumed = new ViewComputer(presenters);
    for (const event of events(call('done', 'read', {}), result('done'), call('running', 'grep', {}))) resumed.remember(event);
    expect([resumed.holds('done'), resumed.holds('running')]).toEqual([false, true]);
  });

  it('has no view for other events, a result without its call, or a presenter that declines', () => {
    const computer = new ViewComputer(presenters);
    const list = events(
      { type: 'user/message', data: { text: 'hi' } },
      { type: 'assistant/text', data: { messageId: 'm', delta: 'x' } },
      result('unknown'),
      call('d', 'declines', {}),
      result('d'),
      { type: 'turn/end', data: { reason: 'done' } },
    );
    expect(list.map((event) => computer.viewFor(event))).toEqual([
      undefined,
      undefined,
      undefined,
      { card: 'generic', title: 'declines {}' },
      undefined,
      undefined,
    ]);
  });

  it('computes the same views when resuming after remembered events as from the start', () => {
    const list = events(call('c1', 'read', { path: 'a' }), { type: 'user/message', data: { text: 'x' } }, result('c1', [1]));
    const fromStart = new ViewComputer(presenters);
    const full = list.map((event) => fromStart.viewFor(event));
    const resumed = new ViewComputer(presenters);
    list.slice(0, 2).forEach((event) => resumed.remember(event));
    expect(resumed.viewFor(list[2] as SessionEvent)).toEqual(full[2]);
  });

  it('uses the latest call when an id repeats', () => {
    const computer = new ViewComputer(presenters);
    const list = events(call('c', 'read', { path: 'old' }), result('c'), call('c', 'read', { path: 'new' }), result('c'));
    expect(list.map((event) => computer.viewFor(event))[3]).toMatchObject({ title: 'read {"path":"new"}' });
  });

  it('hands the presenters the hook they carry, so a presenter that failed is reported from the one place that caught it', () => {
    const failures: PresenterFailure[] = [];
    const bug = new Error('presenter bug');
    // Like the tools' registry: it catches its presenter's throw and reports it to the hook it is handed.
    const reporting: Presenters = {
      presentCall: (name, args, onFailure) => {
        if (name === 'self-reporting') onFailure?.({ phase: 'call', tool: name, error: bug });
        return { card: 'generic', title: name };
      },
      presentResult: (name, args, outcome, onFailure) => {
        if (name === 'throws') onFailure?.({ phase: 'result', tool: name, error: bug });
        return undefined;
      },
      onPresenterFailure: (failure) => failures.push(failure),
    };
    const computer = new ViewComputer(reporting);
    const views = events(call('c1', 'throws', {}), result('c1'), call('c2', 'self-reporting', {})).map((event) => computer.viewFor(event));
    expect(views).toEqual([{ card: 'generic', title: 'throws' }, undefined, { card: 'generic', title: 'self-reporting' }]);
    expect(failures).toEqual([
      { phase: 'result', tool: 'throws', error: bug },
      { phase: 'call', tool: 'self-reporting', error: bug },
    ]);
    expect(describePresenterFailure(failures[0]!)).toMatch(/^the result presenter of tool "throws" threw; the client gets the generic card\. Error: presenter bug\n\s+at /);
  });
});
