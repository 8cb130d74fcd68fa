import { appendFile, readFile, truncate, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NewSessionEvent, SessionEvent, SessionHeader } from '@toolcards/protocol';
import { logEndOf } from './lazy-session-log';
import { LogSeqIndex } from './log-seq-index';
import { readLogTail } from './log-tail';
import { replaySessionLog } from './replay';
import { SessionLog } from './session-log';
import { SessionStore } from './session-store';
import { useTempDirs } from './test-support';

const header: SessionHeader = { type: 'session', version: 1, id: 's1', cwd: '/w', createdAt: '2025-01-01T00:00:00.000Z' };
const message = (text: string): NewSessionEvent => ({ type: 'user/message', data: { text } });
const call = (callId: string): NewSessionEvent => ({ type: 'tool/call', data: { callId, name: 'read', args: { path: `${callId}.ts` }, origin: 'user' } });
const result = (callId: string): NewSessionEvent => ({ type: 'tool/result', data: { callId, content: [{ type: 'text', text: `text of ${callId}` }], isError: false } });

async function readRange(index: LogSeqIndex, fromSeq: number, beforeSeq: number): Promise<SessionEvent[]> {
  const events: SessionEvent[] = [];
  await index.readRange(fromSeq, beforeSeq, (event) => {
    events.push(event);
    return true;
  });
  return events;
}

/** A log of `count` events (a call and its result every tenth pair), closed. */
function writeLog(path: string, count: number): SessionEvent[] {
  const log = SessionLog.create(path, header);
  const written: SessionEvent[] = [];
  for (let i = 0; i < count; i += 1) {
    const next = i % 10 === 3 ? call(`c${i}`) : i % 10 === 4 ? result(`c${i - 1}`) : message(`m${i}`);
    written.push(log.append(next));
  }
  log.close();
  return written;
}

describe('a session log read from its tail', () => {
  const tempDir = useTempDirs();

  it('serves the last screenful of a log whose head is a 1 GiB line without reading the head', async () => {
    // A sparse gigabyte of NULs after the header: a replay (or anything reading the head) would
    // have to decode it, which a string cannot even hold; the tail never touches it.
    const path = join(await tempDir(), 's1.jsonl');
    SessionLog.create(path, header).close();
    const headerBytes = (await readFile(path)).length;
    await truncate(path, headerBytes + 1024 ** 3);
    await appendFile(path, '\n');
    const events: string[] = [];
    for (let seq = 0; seq < 600; seq += 1) {
      const data = seq % 10 === 3 ? { callId: `c${seq}`, name: 'read', args: { path: 'a.ts' }, origin: 'user' } : seq % 10 === 4 ? { callId: `c${seq - 1}`, content: [{ type: 'text', text: 'x' }], isError: false } : { text: `m${seq}` };
      const type = seq % 10 === 3 ? 'tool/call' : seq % 10 === 4 ? 'tool/result' : 'user/message';
      events.push(JSON.stringify({ seq, time: '2025-01-01T00:00:00.000Z', type, data }));
    }
    await appendFile(path, events.join('\n') + '\n');

    const tail = await readLogTail(path, { minEvents: 500 });
    expect(tail).toBeDefined();
    expect({ reachedHead: tail!.reachedHead, events: tail!.events.length, lastSeq: tail!.end.lastSeq }).toEqual({ reachedHead: false, events: 600, lastSeq: 599 });
    // No replay seeds this index: whatever would wait for the head would never resolve.
    let headAskedFor = 0;
    const index = LogSeqIndex.fromTail(path, tail!, () => (headAskedFor += 1));
    expect(index.whole).toBe(false);
    const from = await index.coveredPageStart(600, 200);
    expect(from).toBe(400);
    const page = await readRange(index, from, 600);
    expect(page.map((event) => event.seq)).toEqual(Array.from({ length: 200 }, (_, i) => 400 + i));
    expect(await index.firstResultSeqOf('c593')).toBe(594);
    expect((await index.callOf('c593'))?.seq).toBe(593);
    // Appended lines are indexed from where the tail ended, as for a whole index.
    await appendFile(path, JSON.stringify({ seq: 600, time: '2025-01-01T00:00:00.000Z', type: 'user/message', data: { text: 'new' } }) + '\n');
    await index.catchUp();
    expect((await readRange(index, 600, 601)).map((event) => event.seq)).toEqual([600]);
    expect(headAskedFor).toBe(0);
    // A page before the tail does need the head: the index asks for it.
    void index.coveredPageStart(100, 200);
    expect(headAskedFor).toBe(1);
  });

  it('ends where a full replay ends, for torn, corrupt, blank, duplicate and newline-less last lines', async () => {
    const cases: Record<string, string> = {
      'a torn last line': '{"seq":900,"time":"2025',
      'a complete last event without its newline': JSON.stringify({ seq: 900, time: '2025-01-01T00:00:00.000Z', type: 'user/message', data: { text: 'z' } }),
      'a corrupt line, then blank lines': 'not json\n\n\n',
      'a duplicate seq': JSON.stringify({ seq: 5, time: '2025-01-01T00:00:00.000Z', type: 'user/message', data: { text: 'dup' } }) + '\n',
    };
    for (const [name, ending] of Object.entries(cases)) {
      const path = join(await tempDir(), 's1.jsonl');
      writeLog(path, 900);
      await appendFile(path, ending);
      const replay = await replaySessionLog(path);
      // A small window (not the whole log) and a window that reaches the header judge alike.
      for (const minEvents of [50, 100_000]) {
        const tail = await readLogTail(path, { minEvents, firstWindowBytes: 4096 });
        expect(tail?.end, `${name}, ${minEvents}`).toEqual(logEndOf(replay));
        expect(tail?.reachedHead, `${name}, ${minEvents}`).toBe(minEvents > 900);
      }
    }
  });

  it('opens a session from its tail, then learns its head: older pages, calls before the tail, problems, and appending', async () => {
    const store = await SessionStore.open({ dataDir: await tempDir(), indexPersistDelayMs: 5 });
    const { log } = await store.create('/w');
    const written: SessionEvent[] = [];
    written.push(log.append(call('early')));
    for (let i = 0; i < 300; i += 1) written.push(log.append(message(`m${i}`)));
    written.push(log.append(result('early')));
    log.close();
    const path = store.logPath(log.id);
    // A corrupt middle line (counted by the replay) and a torn last line (cut at the next write).
    const lines = (await readFile(path, 'utf8')).split('\n');
    lines.splice(100, 0, '{"broken":');
    await writeFile(path, lines.join('\n') + '{"seq":302,"ti');

    const seen: number[] = [];
    const opened = await store.openFromTail(log.id, (event) => seen.push(event.seq), { minEvents: 50, firstWindowBytes: 4096 });
    expect(opened.index.whole).toBe(false);
    expect(opened.log.nextSeq).toBe(302);
    // The result's call is before the tail: asking for it waits for the head, then finds it.
    const [call0, report] = await Promise.all([opened.index.callOf('early'), opened.whole()]);
    expect(call0).toEqual(written[0]);
    expect(opened.index.whole).toBe(true);
    expect(seen).toEqual(written.map((event) => event.seq));
    expect(report.problems).toHaveLength(1);
    expect(report.tornTail).toBeDefined();
    expect(await opened.index.coveredPageStart(100, 50)).toBe(50);
    expect(await readRange(opened.index, 0, 302)).toEqual(written);

    // Appending resumes the log: the writer lock is taken, the torn line cut, seqs go on.
    expect(opened.log.append(message('after')).seq).toBe(302);
    expect(existsSync(`${path}.lock`)).toBe(true);
    opened.log.close();
    const after = await replaySessionLog(path);
    expect({ lastSeq: after.lastSeq, problems: after.problems.length, torn: after.tornTail }).toEqual({ lastSeq: 302, problems: 1, torn: undefined });
    await store.close();
  });
});
