import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '@toolcards/protocol';
import { FilesSeenFold } from './files-seen-fold';
import { SessionFilesSeen, type LoggedEvents } from './session-files-seen';

/** A read of `path` lines 1–`last`, as a call and its result (seqs from `seq`). */
function readOf(path: string, last: number, seq: number): SessionEvent[] {
  const callId = `call_${seq}`;
  const lines = Array.from({ length: last }, (_, index) => ({ number: index + 1, text: `line ${index + 1}` }));
  return [
    { seq, time: '2026-01-01T00:00:00.000Z', type: 'tool/call', data: { callId, name: 'read', args: { path }, origin: 'user' } },
    { seq: seq + 1, time: '2026-01-01T00:00:00.000Z', type: 'tool/result', data: { callId, content: [{ type: 'text', text: '…' }], isError: false, meta: { path, offset: 1, lines, totalLines: 100 } } },
  ];
}

/** A log in memory that counts how many events each read visited. */
function loggedEvents(events: SessionEvent[]): LoggedEvents & { visited: number } {
  return {
    id: 's1',
    visited: 0,
    get nextSeq() {
      return events.length;
    },
    async readLogged(fromSeq, beforeSeq, visit) {
      for (const event of events.slice(fromSeq, beforeSeq)) {
        this.visited += 1;
        visit(event);
      }
    },
  };
}

describe('SessionFilesSeen', () => {
  it('answers from the fold the replay fed, asking for that replay at once, and reads only what was logged after it', async () => {
    const events = [...readOf('a.ts', 10, 0), ...readOf('b.ts', 5, 2)];
    const log = loggedEvents(events);
    const fold = new FilesSeenFold();
    let fedWhole: (whole: boolean) => void = () => {};
    let wanted = 0;
    const seen = new SessionFilesSeen(log, { fold, fed: new Promise((resolve) => (fedWhole = resolve)), want: () => (wanted += 1) });

    const answer = seen.files();
    expect(wanted).toBe(1);
    for (const event of events) fold.observe(event);
    fedWhole(true);
    expect((await answer).files.map((file) => [file.path, file.read?.linesSeen])).toEqual([
      ['a.ts', 10],
      ['b.ts', 5],
    ]);
    expect(log.visited).toBe(0);

    events.push(...readOf('a.ts', 20, 4));
    const later = await seen.files(3);
    expect(later.files.map((file) => [file.path, file.read?.linesSeen])).toEqual([['a.ts', 20]]);
    expect(log.visited).toBe(2);
  });

  it('reads the whole log itself when the replay failed part way', async () => {
    const events = [...readOf('a.ts', 10, 0), ...readOf('b.ts', 5, 2)];
    const log = loggedEvents(events);
    const fold = new FilesSeenFold();
    fold.observe(events[0]!);
    const seen = new SessionFilesSeen(log, { fold, fed: Promise.resolve(false), want: () => {} });
    expect((await seen.files()).files.map((file) => file.path)).toEqual(['a.ts', 'b.ts']);
    expect(log.visited).toBe(4);
  });
});
