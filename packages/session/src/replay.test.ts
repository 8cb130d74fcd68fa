import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '@toolcards/protocol';
import { readSessionHeader, replaySessionLog, SessionLogUnreadableError } from './replay';
import { useTempDirs } from './test-support';

const header = { type: 'session', version: 1, id: 's1', cwd: '/w', createdAt: '2025-01-01T00:00:00.000Z' };

function message(seq: number, text = `m${seq}`): string {
  return JSON.stringify({ seq, time: '2025-01-01T00:00:01.000Z', type: 'user/message', data: { text } });
}

function logText(lines: string[], trailingNewline = true): string {
  return [JSON.stringify(header), ...lines].join('\n') + (trailingNewline ? '\n' : '');
}

describe('replaySessionLog', () => {
  const tempDir = useTempDirs();

  async function replayText(text: string) {
    const path = join(await tempDir(), 's1.jsonl');
    await writeFile(path, text);
    const events: SessionEvent[] = [];
    const report = await replaySessionLog(path, (event) => {
      events.push(event);
    });
    return { events, report, path };
  }

  it('replays a clean log in order', async () => {
    const { events, report } = await replayText(logText([message(0), message(1), message(2)]));
    expect(events.map((event) => event.seq)).toEqual([0, 1, 2]);
    expect(report).toMatchObject({ header, lastSeq: 2, eventCount: 3, problems: [], missingNewline: false });
    expect(report.tornTail).toBeUndefined();
  });

  it('replays a session without events', async () => {
    const { events, report } = await replayText(logText([]));
    expect(events).toEqual([]);
    expect(report.lastSeq).toBe(-1);
  });

  it('skips a torn last line without reporting a problem', async () => {
    const text = logText([message(0), message(1)]) + message(2).slice(0, 25);
    const { events, report } = await replayText(text);
    expect(events.map((event) => event.seq)).toEqual([0, 1]);
    expect(report.problems).toEqual([]);
    expect(report.tornTail?.line).toBe(4);
    expect(report.completeBytes).toBe(Buffer.byteLength(logText([message(0), message(1)])));
  });

  it('accepts a complete last event whose newline was never written', async () => {
    const { events, report } = await replayText(logText([message(0), message(1)], false));
    expect(events.map((event) => event.seq)).toEqual([0, 1]);
    expect(report.missingNewline).toBe(true);
    expect(report.tornTail).toBeUndefined();
  });

  it('reports a corrupt middle line by number and replays the rest', async () => {
    const { events, report } = await replayText(logText([message(0), '{"seq":1,"ty', message(2), message(3)]));
    expect(events.map((event) => event.seq)).toEqual([0, 2, 3]);
    expect(report.problems).toEqual([
      { line: 3, message: expect.stringContaining('not valid JSON') },
      { line: 4, message: 'seq jumps from 0 to 2; events in between are missing' },
    ]);
    expect(report.lastSeq).toBe(3);
  });

  it('reports a well-formed line that is not an event', async () => {
    const bad = JSON.stringify({ seq: 1, time: 't', type: 'tool/call', data: { callId: 7 } });
    const { events, report } = await replayText(logText([message(0), bad, message(1)]));
    expect(events.map((event) => event.seq)).toEqual([0, 1]);
    expect(report.problems).toEqual([{ line: 3, message: expect.stringMatching(/^not a session event \(data\.callId: /) }]);
  });

  it('skips a duplicate seq so nobody sees it twice', async () => {
    const { events, report } = await replayText(logText([message(0), message(1, 'first'), message(1, 'again'), message(2)]));
    expect(events.map((event) => [event.seq, event.type === 'user/message' && event.data.text])).toEqual([
      [0, 'm0'],
      [1, 'first'],
      [2, 'm2'],
    ]);
    expect(report.problems).toEqual([{ line: 4, message: 'seq 1 does not follow seq 1; skipped as a duplicate' }]);
  });

  it('survives a torn tail and a corrupt middle line together', async () => {
    const text = logText([message(0), 'garbage', message(2)]) + '{"seq":3';
    const { events, report } = await replayText(text);
    expect(events.map((event) => event.seq)).toEqual([0, 2]);
    expect(report.problems.map((problem) => problem.line)).toEqual([3, 4]);
    expect(report.tornTail?.line).toBe(5);
  });

  it('ignores blank lines', async () => {
    const { events, report } = await replayText(logText([message(0), '', message(1)]));
    expect(events).toHaveLength(2);
    expect(report.problems).toEqual([]);
  });

  it('keeps multi-byte text intact across read chunks', async () => {
    const long = 'é日本🙂'.repeat(40_000); // several 256 KiB chunks, characters straddling boundaries
    const { events } = await replayText(logText([message(0, long), message(1)]));
    expect(events[0]?.type === 'user/message' && events[0].data.text).toBe(long);
    expect(events).toHaveLength(2);
  });

  it('stops when the visitor returns false', async () => {
    const path = join(await tempDir(), 's1.jsonl');
    await writeFile(path, logText([message(0), message(1), message(2)]));
    const seen: number[] = [];
    const report = await replaySessionLog(path, (event) => {
      seen.push(event.seq);
      return event.seq < 1;
    });
    expect(seen).toEqual([0, 1]);
    expect(report.stoppedEarly).toBe(true);
  });

  it('refuses a log without a readable header', async () => {
    await expect(replayText('')).rejects.toThrow(SessionLogUnreadableError);
    await expect(replayText('not json\n' + message(0) + '\n')).rejects.toThrow(/line 1: not valid JSON/);
    await expect(replayText(message(0) + '\n')).rejects.toThrow(/line 1: not a session header/);
    await expect(replayText(JSON.stringify(header).slice(0, 10))).rejects.toThrow(/never completely written/);
  });

  it('reads just the header', async () => {
    const path = join(await tempDir(), 's1.jsonl');
    await writeFile(path, logText([message(0)]));
    await expect(readSessionHeader(path)).resolves.toEqual(header);
  });
});
