import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SessionEvent, SessionHeader } from '@toolcards/protocol';
import { replaySessionLog } from './replay';
import { SessionLog, SessionLogWriteError } from './session-log';
import { canMountTmpfs, fillDisk, TMPFS_SKIP_REASON, useSmallTmpfs } from './test-support';

const header: SessionHeader = { type: 'session', version: 1, id: 's1', cwd: '/w', createdAt: '2025-01-01T00:00:00.000Z' };
const message = (seq: number) => ({ type: 'user/message' as const, data: { text: `${seq} ${'x'.repeat(900)}` } });

if (!canMountTmpfs) console.warn(`session-log-full-disk.test.ts skipped: ${TMPFS_SKIP_REASON}`);

/**
 * Issue 11, item 5: on a full disk a failed append was cut back with ftruncate,
 * but the descriptor had no O_APPEND, so the next write landed past the end and
 * left a run of NUL bytes in front of an event that had already been delivered.
 */
describe.skipIf(!canMountTmpfs)('SessionLog on a full disk (real 64 KiB tmpfs)', () => {
  const smallDisk = useSmallTmpfs(64 * 1024);

  it('leaves no hole: every returned event is replayed, nothing else, no NUL byte', async () => {
    const dir = await smallDisk();
    const path = join(dir, 's1.jsonl');
    const filler = join(dir, 'filler');
    const log = SessionLog.create(path, header);
    // Leave room for a few events, so the disk fills while the log is being written.
    writeFileSync(filler, Buffer.alloc(52 * 1024));
    const returned: SessionEvent[] = [];
    const failures: unknown[] = [];
    for (let attempt = 0; attempt < 40; attempt += 1) {
      try {
        returned.push(log.append(message(attempt)));
      } catch (error) {
        failures.push(error);
      }
    }
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((error) => error instanceof SessionLogWriteError && error.code === 'LOG_WRITE_FAILED')).toBe(true);
    // Space comes back: the log goes on where it left off.
    rmSync(filler);
    for (let more = 0; more < 5; more += 1) returned.push(log.append(message(100 + more)));
    log.close();

    const bytes = readFileSync(path);
    const nulBytes = bytes.filter((byte) => byte === 0).length;
    const replayed: SessionEvent[] = [];
    const report = await replaySessionLog(path, (event) => {
      replayed.push(event);
    });
    expect({ nulBytes, problems: report.problems }).toEqual({ nulBytes: 0, problems: [] });
    expect(replayed).toEqual(returned);
    expect(replayed.map((event) => event.seq)).toEqual(returned.map((_, index) => index));
  });

  it('a session that cannot be created leaves neither a log nor a lock behind', async () => {
    const dir = await smallDisk();
    fillDisk(join(dir, 'filler'));
    const path = join(dir, 's1.jsonl');
    expect(() => SessionLog.create(path, header)).toThrow();
    expect(readdirSync(dir)).toEqual(['filler']);
  });
});

