import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionStore, UnknownSessionError } from './session-store';
import { useTempDirs } from './test-support';

describe('SessionStore and its index', () => {
  const tempDir = useTempDirs();

  async function openStore(dataDir?: string, problems: string[] = []) {
    return SessionStore.open({
      dataDir: dataDir ?? (await tempDir()),
      callTitle: (name) => `call ${name}`,
      onProblem: (message) => problems.push(message),
      indexPersistDelayMs: 5,
    });
  }

  it('lists sessions with title, cwd, times and event count, newest activity first', async () => {
    const store = await openStore();
    const older = await store.create('/w', new Date('2025-01-01T00:00:00Z'));
    older.log.append({ type: 'user/message', data: { text: 'first question' } }, new Date('2025-01-01T00:00:01Z'));
    const newer = await store.create('/other', new Date('2025-01-02T00:00:00Z'));
    newer.log.append({ type: 'tool/call', data: { callId: 'c', name: 'glob', args: {}, origin: 'user' } }, new Date('2025-01-02T00:00:01Z'));
    newer.log.append({ type: 'turn/end', data: { reason: 'done' } }, new Date('2025-01-02T00:00:02Z'));
    const list = await store.list();
    expect(list).toEqual([
      { id: newer.log.id, title: 'call glob', cwd: '/other', createdAt: '2025-01-02T00:00:00.000Z', lastActivity: '2025-01-02T00:00:02.000Z', eventCount: 2, toolCalls: 1, paths: [], source: 'toolcards' },
      { id: older.log.id, title: 'first question', cwd: '/w', createdAt: '2025-01-01T00:00:00.000Z', lastActivity: '2025-01-01T00:00:01.000Z', eventCount: 1, toolCalls: 0, paths: [], source: 'toolcards' },
    ]);
    expect((await store.list({ cwd: '/w' })).map((summary) => summary.id)).toEqual([older.log.id]);
    older.log.close();
    newer.log.close();
    await store.close();
  });

  it("keeps a mirrored session's source and transcript in its header and summary, and removes it whole", async () => {
    const store = await openStore(await tempDir());
    const { log } = store.createMirror({ id: 'cc-1234', cwd: '/elsewhere', createdAt: '2025-01-03T00:00:00.000Z', source: 'claude-code', transcript: '/h/.claude/projects/-e/1234.jsonl' });
    log.append({ type: 'user/message', data: { text: 'fix the parser' } }, new Date('2025-01-03T00:00:01Z'));
    log.close();
    expect(await store.header('cc-1234')).toMatchObject({ source: 'claude-code', transcript: '/h/.claude/projects/-e/1234.jsonl' });
    expect(await store.list()).toEqual([expect.objectContaining({ id: 'cc-1234', title: 'fix the parser', source: 'claude-code' })]);
    expect(() => store.createMirror({ id: 'cc-1234', cwd: '/e', createdAt: 't', source: 'claude-code', transcript: '/t' })).toThrow();
    await store.remove('cc-1234');
    expect(await store.exists('cc-1234')).toBe(false);
    expect(await store.list()).toEqual([]);
    await store.close();
  });

  it('lists from the saved index without reading unchanged logs', async () => {
    const dataDir = await tempDir();
    const store = await openStore(dataDir);
    const { log } = await store.create('/w');
    log.append({ type: 'user/message', data: { text: 'aaaa' } });
    log.close();
    await store.close();
    // Same length, different content: only a rescan would notice.
    const text = await readFile(log.path, 'utf8');
    await writeFile(log.path, text.replace('aaaa', 'bbbb'));
    const reopened = await openStore(dataDir);
    expect((await reopened.list())[0]?.title).toBe('aaaa');
    await reopened.close();
  });

  it('rescans a log that grew after the index was saved (a killed server)', async () => {
    const dataDir = await tempDir();
    const store = await openStore(dataDir);
    const { log } = await store.create('/w');
    log.append({ type: 'user/message', data: { text: 'one' } });
    log.close();
    await store.close();
    await appendFile(log.path, JSON.stringify({ seq: 1, time: '2030-01-01T00:00:00.000Z', type: 'turn/end', data: { reason: 'done' } }) + '\n');
    const reopened = await openStore(dataDir);
    expect((await reopened.list())[0]).toMatchObject({ eventCount: 2, lastActivity: '2030-01-01T00:00:00.000Z', title: 'one' });
    await reopened.close();
  });

  it('rebuilds a missing or damaged index from the logs', async () => {
    const dataDir = await tempDir();
    const store = await openStore(dataDir);
    const { log } = await store.create('/w');
    log.append({ type: 'user/message', data: { text: 'hello' } });
    log.close();
    await store.close();
    await writeFile(join(dataDir, 'index.json'), '{"version":1,"sessions":{"x":');
    const reopened = await openStore(dataDir);
    expect((await reopened.list()).map((summary) => summary.title)).toEqual(['hello']);
    await reopened.close();
    const saved = JSON.parse(await readFile(join(dataDir, 'index.json'), 'utf8'));
    expect(Object.keys(saved.sessions)).toEqual([log.id]);
  });

  it('skips an unreadable log, reports it, and drops deleted sessions', async () => {
    const dataDir = await tempDir();
    const problems: string[] = [];
    const store = await openStore(dataDir, problems);
    const kept = await store.create('/w');
    const removed = await store.create('/w');
    kept.log.close();
    removed.log.close();
    await writeFile(join(dataDir, 'sessions', 'broken.jsonl'), 'nonsense\n');
    await writeFile(join(dataDir, 'sessions', 'notes.txt'), 'not a log');
    await rm(removed.log.path);
    expect((await store.list()).map((summary) => summary.id)).toEqual([kept.log.id]);
    expect(problems).toEqual([expect.stringContaining('broken.jsonl')]);
    await store.close();
  });

  it('keeps a live session current in the list while it is written', async () => {
    const store = await openStore();
    const { log } = await store.create('/w');
    for (let i = 0; i < 5; i += 1) log.append({ type: 'user/message', data: { text: `m${i}` } });
    expect((await store.list())[0]?.eventCount).toBe(5);
    log.append({ type: 'turn/end', data: { reason: 'done' } });
    expect((await store.list())[0]?.eventCount).toBe(6);
    log.close();
    expect((await store.list())[0]?.eventCount).toBe(6);
    await store.close();
  });

  it('reopens a session for writing with its summary intact', async () => {
    const store = await openStore();
    const created = await store.create('/w');
    created.log.append({ type: 'user/message', data: { text: 'title' } });
    created.log.close();
    const { log, report } = await store.openWritable(created.log.id);
    expect(report?.lastSeq).toBe(0);
    log.append({ type: 'turn/end', data: { reason: 'done' } });
    expect((await store.list())[0]).toMatchObject({ title: 'title', eventCount: 2 });
    log.close();
    await store.close();
  });

  it('refuses unknown and invalid session ids', async () => {
    const store = await openStore();
    await expect(store.openWritable('nope')).rejects.toThrow(UnknownSessionError);
    await expect(store.replay('../../etc/passwd')).rejects.toThrow(UnknownSessionError);
    expect(await store.exists('../x')).toBe(false);
    await store.close();
  });
});
