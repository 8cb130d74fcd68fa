import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ServerFrame, SessionEvent } from '@toolcards/protocol';
import { replaySessionLog } from '@toolcards/session';
// The session package's full-disk helper: a real tmpfs, mounted per test.
import { canMountTmpfs, fillDisk, TMPFS_SKIP_REASON, useSmallTmpfs } from '../../../session/src/test-support';
import { historyItem } from './subscription/history-item';
import { api, createSession, useServers } from '../test-support/server-harness';
import { TestClient } from '../test-support/test-client';
import type { EventView } from './view-computation';

if (!canMountTmpfs) console.warn(`log-write-failure.test.ts skipped: ${TMPFS_SKIP_REASON}`);

function pendingCalls(events: SessionEvent[]): string[] {
  const open = new Set<string>();
  for (const event of events) {
    if (event.type === 'tool/call') open.add(event.data.callId);
    if (event.type === 'tool/result') open.delete(event.data.callId);
  }
  return [...open];
}

/** The `call-state unsaved` frames a client got, with where each is among its frames. */
function unsavedCallStates(frames: ServerFrame[]): { callId: string; at: number }[] {
  return frames.flatMap((frame, at) => (frame.type === 'call-state' && frame.state === 'unsaved' ? [{ callId: frame.callId, at }] : []));
}

/**
 * Issue 11, items 5 and 6, against the real server with its data dir on a full
 * 64 KiB tmpfs: every event a client was shown is in the log (no hole, no NUL
 * byte, no gap), clients hear about what could not be saved, and no call card
 * is left pending once the disk has room again.
 */
describe.skipIf(!canMountTmpfs)('a data dir on a full disk', () => {
  const servers = useServers();
  const smallDisk = useSmallTmpfs(64 * 1024);

  it('never shows an event that is not in the log, and closes the calls whose results were lost', async () => {
    const dataDir = await smallDisk();
    const server = await servers.start({ dataDir });
    const session = await createSession(server);
    const watcher = await TestClient.connect(server.port, { token: server.token });
    watcher.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    await watcher.waitForFrame('caught-up');

    const filler = join(dataDir, 'filler');
    fillDisk(filler, 6 * 1024);
    const calls = 40;
    for (let index = 0; index < calls; index += 1) {
      watcher.send({ type: 'run-tool', sessionId: session.id, name: 'read', args: { path: 'src/app.ts' }, requestId: `r${index}` });
    }
    // Each run-tool ends with its result or an error frame (its call or its result could not be saved).
    await watcher.waitFor(
      (frames) => (frames.filter((frame) => frame.type === 'error' || (frame.type === 'event' && frame.event.type === 'tool/result')).length >= calls ? true : undefined),
      'an answer to every run-tool',
    );
    const refused = watcher.frames.filter((frame) => frame.type === 'error' && frame.code === 'LOG_WRITE_FAILED');
    expect(refused.length).toBeGreaterThan(0);

    // Each call whose result was lost is told `unsaved`, after its card appeared: no card keeps saying it runs.
    const lost = refused.flatMap((frame) => /the result of call (\S+) could not be saved/.exec(frame.type === 'error' ? frame.message : '')?.[1] ?? []);
    expect(lost.length).toBeGreaterThan(0);
    // A lost result's error frame and its `unsaved` frame are two messages: the wait above may end between them.
    await watcher.waitFor((frames) => (unsavedCallStates(frames).length >= lost.length ? true : undefined), 'an unsaved state for every lost result');
    const unsaved = unsavedCallStates(watcher.frames);
    expect(unsaved.map(({ callId }) => callId).sort()).toEqual([...lost].sort());
    for (const { callId, at } of unsaved) {
      const callAt = watcher.frames.findIndex((frame) => frame.type === 'event' && frame.event.type === 'tool/call' && frame.event.data.callId === callId);
      expect(callAt, `tool/call of ${callId}`).toBeGreaterThanOrEqual(0);
      expect(callAt).toBeLessThan(at);
    }
    const stillOpen = pendingCalls(watcher.events());
    expect(stillOpen.filter((callId) => !lost.includes(callId))).toEqual([]);

    // A client opening the session while the disk is still full gets them right after caught-up.
    const midway = await TestClient.connect(server.port, { token: server.token });
    midway.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    const midwayCaughtUp = await midway.waitForFrame('caught-up');
    const openAtSubscribe = pendingCalls(midway.events());
    // Lost results may be logged in the log's last, partly filled page meanwhile; some must still be owed for this to test anything.
    expect(openAtSubscribe.length).toBeGreaterThan(0);
    const caughtUpAt = midway.frames.indexOf(midwayCaughtUp);
    await midway.waitFor((frames) => (frames.length >= caughtUpAt + 1 + openAtSubscribe.length ? true : undefined), 'the unsaved calls after caught-up');
    const afterCaughtUp = midway.frames.slice(caughtUpAt + 1, caughtUpAt + 1 + openAtSubscribe.length);
    expect(unsavedCallStates(afterCaughtUp).map(({ callId }) => callId).sort()).toEqual([...openAtSubscribe].sort());
    expect(afterCaughtUp.every((frame) => frame.type === 'call-state' && frame.sessionId === session.id)).toBe(true);

    // Room again: the calls whose results were lost are closed without anyone doing anything, and new work goes on.
    rmSync(filler);
    await watcher.waitFor(() => (pendingCalls(watcher.events()).length === 0 ? true : undefined), 'the lost results to be closed');
    watcher.send({ type: 'run-tool', sessionId: session.id, name: 'read', args: { path: 'README.md' } });
    await watcher.waitFor(
      () => (pendingCalls(watcher.events()).length === 0 && watcher.events().some((event) => event.type === 'tool/result' && event.data.content.some((part) => part.type === 'text' && part.text.includes('fixture'))) ? true : undefined),
      'every call to end',
    );
    const live = watcher.events();
    expect(live.map((event) => event.seq)).toEqual(live.map((_, index) => index));
    expect(live.some((event) => event.type === 'tool/result' && event.data.error?.code === 'TOOL_ABORTED')).toBe(true);

    // What the log holds is exactly what was shown live.
    const logPath = join(dataDir, 'sessions', `${session.id}.jsonl`);
    const nulBytes = readFileSync(logPath).filter((byte) => byte === 0).length;
    const logged: SessionEvent[] = [];
    const report = await replaySessionLog(logPath, (event) => {
      logged.push(event);
    });
    expect({ nulBytes, problems: report.problems }).toEqual({ nulBytes: 0, problems: [] });
    expect(logged).toEqual(live);

    // And a client opening the session now sees the same cards.
    const later = await TestClient.connect(server.port, { token: server.token });
    later.send({ type: 'subscribe', sessionId: session.id, afterSeq: -1 });
    await later.waitForFrame('caught-up');
    const views = (frames: { event: SessionEvent; view?: unknown }[]) => frames.map(({ event, view }) => ({ seq: event.seq, type: event.type, view }));
    // History sends results lean (a read view without its copy of the model text): live frames are compared in that form.
    expect(views(later.eventFrames())).toEqual(views(watcher.eventFrames().map(({ event, view }) => historyItem(event, view as EventView))));
    await later.close();
    await midway.close();
    await watcher.close();
  }, 30_000);

  it('a session that cannot be created leaves no log and no lock behind', async () => {
    const dataDir = await smallDisk();
    const server = await servers.start({ dataDir });
    fillDisk(join(dataDir, 'filler'), 0);
    const created = await api(server, '/api/sessions', { method: 'POST' });
    expect(created.status).toBe(507);
    expect(created.body.error).toMatchObject({ code: 'STORAGE_FULL', message: expect.stringContaining('full') });
    expect(created.body.error.message).not.toContain(dataDir);
    expect(readdirSync(join(dataDir, 'sessions'))).toEqual([]);
  });
});
