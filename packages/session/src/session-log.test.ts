import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionEvent, SessionHeader } from '@toolcards/protocol';
import { replaySessionLog } from './replay';
import { InvalidEventError, SessionLog, SessionLogClosedError } from './session-log';
import { useTempDirs } from './test-support';
import { SessionBusyError } from './writer-lock';

const header: SessionHeader = { type: 'session', version: 1, id: 's1', cwd: '/w', createdAt: '2025-01-01T00:00:00.000Z' };

async function replayAll(path: string) {
  const events: SessionEvent[] = [];
  const report = await replaySessionLog(path, (event) => {
    events.push(event);
  });
  return { events, report };
}

describe('SessionLog', () => {
  const tempDir = useTempDirs();

  it('writes the header, then events with seq from 0 and no gaps', async () => {
    const path = join(await tempDir(), 's1.jsonl');
    const log = SessionLog.create(path, header);
    const first = log.append({ type: 'user/message', data: { text: 'hi' } }, new Date('2025-01-01T00:00:01Z'));
    const second = log.append({ type: 'turn/end', data: { reason: 'done' } });
    log.close();
    expect(first).toEqual({ seq: 0, time: '2025-01-01T00:00:01.000Z', type: 'user/message', data: { text: 'hi' } });
    expect(second.seq).toBe(1);
    const lines = (await readFile(path, 'utf8')).split('\n');
    expect(JSON.parse(lines[0] ?? '')).toEqual(header);
    expect(lines).toHaveLength(4); // header, 2 events, final empty string after the last newline
  });

  it('returns events exactly as a replay reads them back', async () => {
    const path = join(await tempDir(), 's1.jsonl');
    const log = SessionLog.create(path, header);
    const live = [
      log.append({ type: 'tool/call', data: { callId: 'c1', name: 'read', args: { path: 'a.ts' }, origin: 'user' } }),
      log.append({
        type: 'tool/result',
        // `undefined` fields and extra keys disappear on disk; the returned event must match that.
        data: { callId: 'c1', content: [{ type: 'text', text: 'x' }], isError: false, error: undefined, meta: { n: 1 } },
      }),
    ];
    log.close();
    const { events } = await replayAll(path);
    expect(events).toEqual(live);
    expect(JSON.stringify(events)).toBe(JSON.stringify(live));
  });

  it('refuses an event the replay would reject, writing nothing', async () => {
    const path = join(await tempDir(), 's1.jsonl');
    const log = SessionLog.create(path, header);
    const before = await readFile(path, 'utf8');
    expect(() => log.append({ type: 'tool/call', data: { callId: 1 } } as never)).toThrow(InvalidEventError);
    expect(await readFile(path, 'utf8')).toBe(before);
    expect(log.append({ type: 'user/message', data: { text: 'ok' } }).seq).toBe(0);
    log.close();
  });

  it('refuses to append after close', async () => {
    const path = join(await tempDir(), 's1.jsonl');
    const log = SessionLog.create(path, header);
    log.close();
    expect(() => log.append({ type: 'user/message', data: { text: 'late' } })).toThrow(SessionLogClosedError);
  });

  it('continues the seq after reopening', async () => {
    const path = join(await tempDir(), 's1.jsonl');
    const log = SessionLog.create(path, header);
    log.append({ type: 'user/message', data: { text: 'a' } });
    log.close();
    const { log: reopened, report } = await SessionLog.open(path);
    expect(report.lastSeq).toBe(0);
    expect(reopened.append({ type: 'user/message', data: { text: 'b' } }).seq).toBe(1);
    reopened.close();
  });

  it('cuts a torn tail on reopen so it never becomes a corrupt middle line', async () => {
    const path = join(await tempDir(), 's1.jsonl');
    const log = SessionLog.create(path, header);
    log.append({ type: 'user/message', data: { text: 'a' } });
    log.close();
    await appendFile(path, '{"seq":1,"time":"2025');
    const { log: reopened, report } = await SessionLog.open(path);
    expect(report.tornTail?.line).toBe(3);
    reopened.append({ type: 'user/message', data: { text: 'b' } });
    reopened.close();
    const { events, report: after } = await replayAll(path);
    expect(events.map((event) => event.seq)).toEqual([0, 1]);
    expect(after.problems).toEqual([]);
    expect(after.tornTail).toBeUndefined();
  });

  it('adds the missing newline after a complete last event', async () => {
    const path = join(await tempDir(), 's1.jsonl');
    const event = { seq: 0, time: '2025-01-01T00:00:00.000Z', type: 'user/message', data: { text: 'a' } };
    await writeFile(path, JSON.stringify(header) + '\n' + JSON.stringify(event));
    const { log } = await SessionLog.open(path);
    log.append({ type: 'user/message', data: { text: 'b' } });
    log.close();
    const { events, report } = await replayAll(path);
    expect(events.map((each) => each.seq)).toEqual([0, 1]);
    expect(report.problems).toEqual([]);
  });

  it('continues after the highest seq when the middle of the log is corrupt', async () => {
    const path = join(await tempDir(), 's1.jsonl');
    const event = (seq: number) => JSON.stringify({ seq, time: 't', type: 'user/message', data: { text: String(seq) } });
    await writeFile(path, [JSON.stringify(header), event(0), '%%%', event(2)].join('\n') + '\n');
    const { log, report } = await SessionLog.open(path);
    expect(report.problems.map((problem) => problem.line)).toEqual([3, 4]);
    expect(log.append({ type: 'user/message', data: { text: 'next' } }).seq).toBe(3);
    log.close();
  });

  it('allows one writer per session', async () => {
    const path = join(await tempDir(), 's1.jsonl');
    const log = SessionLog.create(path, header);
    await expect(SessionLog.open(path)).rejects.toThrow(SessionBusyError);
    log.close();
    const { log: second } = await SessionLog.open(path);
    second.close();
  });

  it('takes over the lock of a writer that died', async () => {
    const path = join(await tempDir(), 's1.jsonl');
    SessionLog.create(path, header).close();
    await writeFile(`${path}.lock`, '2147483646'); // no such process
    const { log } = await SessionLog.open(path);
    expect(log.append({ type: 'user/message', data: { text: 'x' } }).seq).toBe(0);
    log.close();
  });

  it('reports each append with the new size', async () => {
    const path = join(await tempDir(), 's1.jsonl');
    const sizes: number[] = [];
    const log = SessionLog.create(path, header, { onAppend: (_event, size) => sizes.push(size) });
    log.append({ type: 'user/message', data: { text: 'x' } });
    log.close();
    expect(sizes).toEqual([(await readFile(path)).length]);
  });
});
