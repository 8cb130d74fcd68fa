import { appendFile, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionHeader } from '@toolcards/protocol';
import { LazySessionLog, logEndOf } from './lazy-session-log';
import { replaySessionLog } from './replay';
import { SessionLog, SessionLogChangedError } from './session-log';
import { useTempDirs } from './test-support';

const header: SessionHeader = { type: 'session', version: 1, id: 's1', cwd: '/w', createdAt: '2025-01-01T00:00:00.000Z' };

describe('LazySessionLog', () => {
  const tempDir = useTempDirs();

  async function viewed(path: string): Promise<LazySessionLog> {
    return LazySessionLog.readOnly(path, logEndOf(await replaySessionLog(path)));
  }

  it('holds no lock until the first append, which cuts a torn tail and continues the seq', async () => {
    const path = join(await tempDir(), 's1.jsonl');
    const log = SessionLog.create(path, header);
    log.append({ type: 'user/message', data: { text: 'a' } });
    log.close();
    await appendFile(path, '{"seq":1,"time":"2025');
    const lazy = await viewed(path);
    expect({ writing: lazy.writing, nextSeq: lazy.nextSeq, locked: existsSync(`${path}.lock`) }).toEqual({ writing: false, nextSeq: 1, locked: false });
    expect(lazy.append({ type: 'user/message', data: { text: 'b' } }).seq).toBe(1);
    expect(existsSync(`${path}.lock`)).toBe(true);
    lazy.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
    const report = await replaySessionLog(path);
    expect({ lastSeq: report.lastSeq, problems: report.problems, torn: report.tornTail }).toEqual({ lastSeq: 1, problems: [], torn: undefined });
  });

  it('refuses to append after another writer changed the log, and lets go of the lock', async () => {
    const path = join(await tempDir(), 's1.jsonl');
    SessionLog.create(path, header).close();
    const lazy = await viewed(path);
    const { log: other } = await SessionLog.open(path);
    other.append({ type: 'user/message', data: { text: 'elsewhere' } });
    other.close();
    const before = await readFile(path, 'utf8');
    expect(() => lazy.append({ type: 'user/message', data: { text: 'here' } })).toThrow(SessionLogChangedError);
    expect(await readFile(path, 'utf8')).toBe(before);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});
