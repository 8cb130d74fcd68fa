import { appendFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { NewSessionEvent, SessionEvent } from '@toolcards/protocol';
import { KEPT_CALL_LINE_BYTES, LogSeqIndex } from './log-seq-index';
import { replaySessionLog } from './replay';
import { SessionStore } from './session-store';
import { useTempDirs } from './test-support';

const message = (text: string): NewSessionEvent => ({ type: 'user/message', data: { text } });
const call = (callId: string): NewSessionEvent => ({ type: 'tool/call', data: { callId, name: 'read', args: { path: `${callId}.ts` }, origin: 'user' } });
const result = (callId: string): NewSessionEvent => ({ type: 'tool/result', data: { callId, content: [{ type: 'text', text: `text of ${callId} — ü€😀` }], isError: false, meta: { path: `${callId}.ts` } } });

function rawEvent(seq: number, text: string): string {
  return JSON.stringify({ seq, time: '2025-01-01T00:00:00.000Z', type: 'user/message', data: { text } });
}

async function readRange(index: LogSeqIndex, fromSeq: number, beforeSeq: number): Promise<SessionEvent[]> {
  const events: SessionEvent[] = [];
  await index.readRange(fromSeq, beforeSeq, (event) => {
    events.push(event);
    return true;
  });
  return events;
}

async function replayed(path: string): Promise<SessionEvent[]> {
  const events: SessionEvent[] = [];
  await replaySessionLog(path, (event) => {
    events.push(event);
  });
  return events;
}

describe('LogSeqIndex', () => {
  const tempDir = useTempDirs();

  async function newLog() {
    const store = await SessionStore.open({ dataDir: await tempDir(), indexPersistDelayMs: 5 });
    const { log } = await store.create('/w');
    return { store, log, close: async () => { log.close(); await store.close(); } };
  }

  it('indexes what was appended since the last catchUp, and only that', async () => {
    const { log, close } = await newLog();
    const written: SessionEvent[] = [];
    for (let i = 0; i < 5; i += 1) written.push(log.append(message(`m${i}`)));
    const index = new LogSeqIndex(log.path);
    expect(index.eventCount).toBe(0);
    await index.catchUp();
    expect(index.eventCount).toBe(5);
    expect(await readRange(index, 0, 100)).toEqual(written);

    written.push(log.append(call('c1')), log.append(message('between')), log.append(result('c1')));
    // Not yet caught up: appended events are not read.
    expect(index.eventCount).toBe(5);
    expect(await readRange(index, 0, 100)).toEqual(written.slice(0, 5));
    await Promise.all([index.catchUp(), index.catchUp()]);
    expect(index.eventCount).toBe(8);
    expect(await readRange(index, 0, 100)).toEqual(written);
    expect(await index.callOf('c1')).toEqual(written[5]);
    // A result appended later still finds its call, indexed in an earlier catchUp.
    written.push(log.append(message('later')), log.append(call('c2')));
    await index.catchUp();
    written.push(log.append(result('c2')));
    await index.catchUp();
    expect(index.eventCount).toBe(written.length);
    expect(index.pageStart(written.length, 1)).toBe(9); // c2's call
    expect(await readRange(index, 0, 100)).toEqual(await replayed(log.path));
    await close();
  });

  // Before: every call event was kept, args and all; a session whose calls held 130 MB of args
  // kept them all while it was open (issue 24, break 5).
  it('keeps small calls and reads a large one back from the log, whether seeded by a replay or caught up', async () => {
    const { store, log, close } = await newLog();
    const large: NewSessionEvent = { type: 'tool/call', data: { callId: 'big', name: 'grep', args: { pattern: 'x'.repeat(KEPT_CALL_LINE_BYTES) }, origin: 'user' } };
    const written = [log.append(call('small')), log.append(large), log.append(result('big')), log.append(result('small'))];
    const caughtUp = new LogSeqIndex(log.path);
    await caughtUp.catchUp();
    const { index: seeded } = await store.openLazily(log.id);
    for (const index of [caughtUp, seeded]) {
      expect(await index.callOf('big')).toEqual(written[1]);
      expect(await index.callOf('small')).toEqual(written[0]);
      expect(index.callSeqOf('big')).toBe(1);
      expect(index.pageStart(3, 1)).toBe(1); // result big (2) pulls its call (1) in
      const kept = (index as unknown as { entries: { calls: Map<string, unknown> } }).entries.calls;
      expect([typeof kept.get('small'), kept.get('big')]).toEqual(['object', 1]);
    }
    await close();
  });

  it('reads exactly the seqs asked for, and stops when the visitor says so', async () => {
    const { log, close } = await newLog();
    const written: SessionEvent[] = [];
    for (let i = 0; i < 40; i += 1) written.push(log.append(i % 3 === 0 ? call(`c${i}`) : i % 3 === 1 ? result(`c${i - 1}`) : message(`m${i}`)));
    const index = new LogSeqIndex(log.path);
    await index.catchUp();
    for (const [from, before] of [[0, 40], [0, 1], [13, 27], [39, 40], [39, 1000], [25, 25], [30, 20], [40, 50], [0, 0]] as const) {
      expect(await readRange(index, from, before), `[${from}, ${before})`).toEqual(written.slice(from, Math.max(from, Math.min(before, 40))));
      expect(index.countBetween(from, before)).toBe(Math.max(0, Math.min(before, 40) - from));
    }
    const seen: number[] = [];
    await index.readRange(5, 40, (event) => {
      seen.push(event.seq);
      return event.seq < 8;
    });
    expect(seen).toEqual([5, 6, 7, 8]);
    await close();
  });

  it('widens a page back to the calls of its results, by at most one more page', async () => {
    const { log, close } = await newLog();
    // seq: 0 call a · 1-3 messages · 4 call b · 5 result a · 6 result b · 7-17 messages
    log.append(call('a'));
    for (let i = 1; i <= 3; i += 1) log.append(message(`m${i}`));
    log.append(call('b'));
    log.append(result('a'));
    log.append(result('b'));
    for (let i = 7; i <= 17; i += 1) log.append(message(`m${i}`));
    const index = new LogSeqIndex(log.path);
    await index.catchUp();
    // No result in the page: no widening.
    expect(index.pageStart(18, 5)).toBe(13);
    expect(index.pageStart(8, 1)).toBe(7);
    // result b (6) → call b (4); within [4, 6) result a (5) → call a (0), but only one more page back.
    expect(index.pageStart(8, 2)).toBe(4);
    expect(index.pageStart(7, 1)).toBe(5); // floor 5: call b (4) is one page too far
    expect(index.pageStart(8, 4)).toBe(0);
    expect(index.pageStart(6, 1)).toBe(4); // result a; its call (0) is beyond the bound: one more event at most
    expect(index.pageStart(6, 3)).toBe(0);
    // Nothing before seq 0; beyond the end counts from the last event.
    expect(index.pageStart(0, 10)).toBe(0);
    expect(index.pageStart(1000, 3)).toBe(15);
    // A page with the call that its result needs reads it.
    const page = await readRange(index, index.pageStart(8, 4), 8);
    expect(page.map((event) => event.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect((await index.callOf('a'))?.seq).toBe(0);
    expect((await index.callOf('b'))?.seq).toBe(4);
    expect(await index.callOf('nope')).toBeUndefined();
    await close();
  });

  it('skips corrupt middle lines, duplicates and a torn last line exactly as replay does', async () => {
    const { log, close } = await newLog();
    log.append(call('a'));
    log.append(message('one'));
    // What a crash or another writer may leave behind, mid-file.
    await appendFile(log.path, '{"seq":2,"time":"2025-01-01T00:00:00.000Z","type":"user/mes\n');
    await appendFile(log.path, '\n');
    await appendFile(log.path, `${JSON.stringify({ seq: 2, time: 't', type: 'tool/call', data: { callId: 7 } })}\n`);
    await appendFile(log.path, `${rawEvent(1, 'a duplicate of seq 1')}\n`);
    await appendFile(log.path, `${rawEvent(3, 'three')}\n`);
    await appendFile(log.path, `${JSON.stringify({ seq: 9_999, time: 't', type: 'user/message', data: {} })}\n`);
    await appendFile(log.path, `${rawEvent(4, 'four')}\n`);
    await appendFile(log.path, `${JSON.stringify({ seq: 5, time: 't', type: 'tool/result', data: { callId: 'a', content: [], isError: false } })}\n`);
    await appendFile(log.path, `${rawEvent(6, 'six')}\n${rawEvent(7, 'seven')}\n`);
    await appendFile(log.path, rawEvent(8, 'torn').slice(0, 30));

    const expected = await replayed(log.path);
    const report = await replaySessionLog(log.path);
    expect(report.problems.length).toBeGreaterThan(0);
    expect(report.tornTail).toBeDefined();
    expect(expected.map((event) => event.seq)).toEqual([0, 1, 3, 4, 5, 6, 7]);

    const index = new LogSeqIndex(log.path);
    await index.catchUp();
    expect(await readRange(index, 0, Number.MAX_SAFE_INTEGER)).toEqual(expected);
    // Every event on its own, and every tail, as a reader starting mid-log sees it.
    for (const event of expected) {
      expect(await readRange(index, event.seq, event.seq + 1), `seq ${event.seq}`).toEqual([event]);
      expect(await readRange(index, event.seq, Number.MAX_SAFE_INTEGER), `from seq ${event.seq}`).toEqual(expected.filter((each) => each.seq >= event.seq));
      const start = index.pageStart(event.seq + 1, 1);
      expect((await readRange(index, start, event.seq + 1)).at(-1), `page ending at ${event.seq}`).toEqual(event);
    }
    await close();
  });

  it('does not index a line still being written until it is complete', async () => {
    const { log, close } = await newLog();
    log.append(message('zero'));
    log.append(message('one'));
    const line = rawEvent(2, 'two, written in pieces ü€😀');
    const bytes = Buffer.from(`${line}\n`, 'utf8');
    // Cut inside a multi-byte character.
    const cut = bytes.indexOf(Buffer.from('€')) + 1;
    await appendFile(log.path, bytes.subarray(0, cut));
    const index = new LogSeqIndex(log.path);
    await index.catchUp();
    expect(index.eventCount).toBe(2);
    expect((await readRange(index, 0, 100)).map((event) => event.seq)).toEqual([0, 1]);
    expect((await readRange(index, 2, 100)).map((event) => event.seq)).toEqual([]);
    expect(await readRange(index, 0, 100)).toEqual(await replayed(log.path));
    // All but the newline: a complete event, which replay accepts (the writer adds the newline on reopen).
    await appendFile(log.path, bytes.subarray(cut, bytes.length - 1));
    await index.catchUp();
    expect(index.eventCount).toBe(3);
    expect(await readRange(index, 0, 100)).toEqual(await replayed(log.path));
    expect(await readRange(index, 2, 3)).toMatchObject([{ seq: 2, data: { text: 'two, written in pieces ü€😀' } }]);
    expect(index.pageStart(3, 1)).toBe(2);
    // The newline arrives, then more events: each seq still once.
    await appendFile(log.path, '\n');
    await index.catchUp();
    await appendFile(log.path, `${rawEvent(3, 'three')}\n`);
    await index.catchUp();
    expect(index.eventCount).toBe(4);
    const events = await readRange(index, 0, 100);
    expect(events).toEqual(await replayed(log.path));
    expect(events.map((event) => event.seq)).toEqual([0, 1, 2, 3]);
    expect((await readRange(index, 2, 100)).map((event) => event.seq)).toEqual([2, 3]);
    await close();
  });

  it('seeded by the replay that opens the session, equals an index that scanned the log, before and after appends', async () => {
    const { log, close } = await newLog();
    log.append(call('a'));
    log.append(message('one'));
    await appendFile(log.path, '{"seq":2,"time":"2025-01-01T00:00:00.000Z","type":"user/mes\n\n');
    await appendFile(log.path, `${rawEvent(1, 'a duplicate of seq 1')}\n${rawEvent(3, 'three')}\n`);
    await appendFile(log.path, `${JSON.stringify({ seq: 4, time: 't', type: 'tool/result', data: { callId: 'a', content: [], isError: false } })}\n`);
    // The last event is complete, its newline never written.
    await appendFile(log.path, rawEvent(5, 'no newline yet'));

    const seeded = new LogSeqIndex(log.path);
    const report = await replaySessionLog(log.path, (event, _header, line) => seeded.seed(event, line));
    seeded.seeded(report);
    expect(report.missingNewline).toBe(true);
    const scanned = new LogSeqIndex(log.path);
    await scanned.catchUp();

    const same = async () => {
      expect(seeded.eventCount).toBe(scanned.eventCount);
      expect(await readRange(seeded, 0, 1_000)).toEqual(await readRange(scanned, 0, 1_000));
      expect(await readRange(seeded, 0, 1_000)).toEqual(await replayed(log.path));
      for (let seq = 0; seq <= 9; seq += 1) expect(seeded.pageStart(seq, 2), `page before ${seq}`).toBe(scanned.pageStart(seq, 2));
      expect(seeded.resultSeqOf('a')).toBe(scanned.resultSeqOf('a'));
      expect(seeded.callOf('a')).toEqual(scanned.callOf('a'));
    };
    await same();
    expect(seeded.resultSeqOf('a')).toBe(4);

    // The newline, then more events: both read only what is new, each seq once.
    await appendFile(log.path, `\n${rawEvent(6, 'six')}\n`);
    await Promise.all([seeded.catchUp(), scanned.catchUp()]);
    await same();
    expect((await readRange(seeded, 0, 1_000)).map((event) => event.seq)).toEqual([0, 1, 3, 4, 5, 6]);
    await close();
  });
});
