import { describe, expect, it } from 'vitest';
import type { JsonValue, SessionEvent } from '@toolcards/protocol';
import { FilesSeenFold } from './files-seen-fold';

/** A session's events, seqs from 0: each tool touch is a call and its result. */
class Events {
  readonly list: SessionEvent[] = [];
  private calls = 0;

  call(meta: JsonValue | undefined, options: { isError?: boolean; withoutCall?: boolean } = {}): string {
    const callId = `call_${(this.calls += 1)}`;
    if (!options.withoutCall) this.push({ type: 'tool/call', data: { callId, name: 'tool', args: {}, origin: 'user' } });
    this.push({ type: 'tool/result', data: { callId, content: [{ type: 'text', text: '…' }], isError: options.isError ?? false, ...(meta === undefined ? {} : { meta }) } });
    return callId;
  }

  message(text: string): void {
    this.push({ type: 'user/message', data: { text } });
  }

  private push(event: Omit<SessionEvent, 'seq' | 'time'>): void {
    this.list.push({ ...event, seq: this.list.length, time: '2026-01-01T00:00:00.000Z' } as SessionEvent);
  }
}

function read(path: string, first: number, last: number, totalLines: number): JsonValue {
  const lines = [];
  for (let number = first; number <= last; number += 1) lines.push({ number, text: `line ${number}` });
  return { path, offset: first, lines, totalLines };
}

function matches(files: Record<string, number[]>, truncated = false): JsonValue {
  const entries = Object.entries(files).map(([path, numbers]) => ({ path, matches: numbers.map((lineNumber) => ({ lineNumber, line: 'hit' })) }));
  const total = entries.reduce((sum, file) => sum + file.matches.length, 0);
  return { shape: 'matches', files: entries, truncated, total: truncated ? total + 10 : total };
}

function paths(list: string[], truncated = false): JsonValue {
  return { shape: 'paths', paths: list, truncated, total: list.length };
}

function folded(events: Events): FilesSeenFold {
  const fold = new FilesSeenFold();
  for (const event of events.list) fold.observe(event);
  return fold;
}

describe('FilesSeenFold', () => {
  it('merges the read windows of a file and counts the lines seen of its latest length', () => {
    const events = new Events();
    events.call(read('src/a.ts', 1, 40, 200));
    events.call(read('src/a.ts', 90, 120, 200));
    const latest = events.call(read('src/a.ts', 30, 45, 200));
    expect(folded(events).list()).toEqual([
      {
        path: 'src/a.ts',
        read: { ranges: [[1, 45], [90, 120]], linesSeen: 76, totalLines: 200, percentSeen: 38, reads: 3, latestCallId: latest },
        cardCount: 3,
      },
    ]);
  });

  it('counts grep hits as distinct matched lines, says when a capped search may have left some out, and counts glob listings', () => {
    const events = new Events();
    events.call(matches({ 'src/a.ts': [3, 9], 'src/b.ts': [1] }));
    events.call(matches({ 'src/a.ts': [9, 12] }, true));
    events.call(paths(['src/a.ts', 'src/c.ts', 'src/a.ts']));
    const [a, b, c] = folded(events).list();
    expect(a).toEqual({ path: 'src/a.ts', grep: { hits: 3, capped: true, searches: 2, lines: [3, 9, 12] }, glob: { listings: 1 }, cardCount: 3 });
    expect(b).toEqual({ path: 'src/b.ts', grep: { hits: 1, capped: false, searches: 1, lines: [1] }, cardCount: 1 });
    expect(c).toEqual({ path: 'src/c.ts', glob: { listings: 1 }, cardCount: 1 });
  });

  it('lists a file’s cards in log order with their call and result seqs', () => {
    const events = new Events();
    const grep = events.call(matches({ 'a.ts': [2] }));
    events.message('and now');
    const first = events.call(read('a.ts', 1, 10, 10));
    const orphan = events.call(read('a.ts', 1, 2, 10), { withoutCall: true });
    expect(folded(events).cardsOf('a.ts')?.cards).toEqual([
      { callId: grep, touch: 'matches', callSeq: 0, resultSeq: 1 },
      { callId: first, touch: 'read', callSeq: 3, resultSeq: 4, window: [1, 10] },
      { callId: orphan, touch: 'read', resultSeq: 5, window: [1, 2] },
    ]);
    expect(folded(events).cardsOf('b.ts')).toBeUndefined();
  });

  it('ignores errors, results without meta, metas of no known shape and events folded already', () => {
    const events = new Events();
    events.call(read('a.ts', 1, 2, 2), { isError: true });
    events.call(undefined);
    events.call({ shape: 'other', paths: ['x'] });
    events.call({ path: 'a.ts', lines: 'no' });
    events.call(paths([]));
    const fold = folded(events);
    expect(fold.list()).toEqual([]);
    expect(fold.throughSeq).toBe(events.list.length - 1);
    fold.observe(events.list[0]!);
    expect(fold.throughSeq).toBe(events.list.length - 1);
  });

  it('lists only the files touched after a seq, in full', () => {
    const events = new Events();
    events.call(read('a.ts', 1, 5, 10));
    events.call(read('b.ts', 1, 5, 10));
    const fold = folded(events);
    const through = fold.throughSeq;
    const more = new Events();
    more.list.push(...events.list);
    more.call(read('a.ts', 6, 10, 10));
    for (const event of more.list) fold.observe(event);
    expect(fold.list(through)).toEqual([
      expect.objectContaining({ path: 'a.ts', read: expect.objectContaining({ ranges: [[1, 10]], percentSeen: 100 }), cardCount: 2 }),
    ]);
    expect(fold.list(fold.throughSeq)).toEqual([]);
  });

  it('an empty file read is wholly seen', () => {
    const events = new Events();
    events.call(read('empty.txt', 1, 0, 0));
    expect(folded(events).list()[0]?.read).toMatchObject({ ranges: [], linesSeen: 0, totalLines: 0, percentSeen: 100 });
  });
});
