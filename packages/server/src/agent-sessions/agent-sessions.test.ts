import { appendFileSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createClaudeCodeImporter, createCodexImporter } from '@toolcards/importers';
import type { SessionEvent } from '@toolcards/protocol';
import { api, useServers } from '../test-support/server-harness';
import { TestClient } from '../test-support/test-client';

/** A transcript the real Claude Code 2.1.332 wrote (two reads, three greps, a glob, shells, an edit, a write, a plan). */
const FIXTURE = fileURLToPath(new URL('../../../importers/src/claude-code/fixtures/claude-code-2.1.332-scenario.jsonl', import.meta.url));
const LINES = readFileSync(FIXTURE, 'utf8').split('\n').filter((line) => line !== '');
const AGENT_SESSION = '85804c32-f313-4d87-89d1-9d1d84ffb501';
const MIRROR_ID = `cc-${AGENT_SESSION}`;

/** What mapping the first `count` lines in one go gives: a mirror fed in pieces, or across restarts, must log the same. */
function mappedAtOnce(count: number): Array<{ type: string; callId?: string }> {
  const importer = createClaudeCodeImporter();
  return LINES.slice(0, count).flatMap((line) => importer.feedLine(line)).map(({ event }) => shapeOf(event));
}

function shapeOf(event: { type: string; data: unknown }): { type: string; callId?: string } {
  const callId = (event.data as { callId?: unknown }).callId;
  return typeof callId === 'string' ? { type: event.type, callId } : { type: event.type };
}

function loggedEvents(dataDir: string): SessionEvent[] {
  const [, ...events] = readFileSync(join(dataDir, 'sessions', `${MIRROR_ID}.jsonl`), 'utf8').split('\n').filter((line) => line !== '');
  return events.map((line) => JSON.parse(line) as SessionEvent);
}

describe('Claude Code sessions, mirrored', () => {
  const servers = useServers();

  async function transcriptIn(lines: readonly string[]): Promise<{ claudeDir: string; transcript: string }> {
    const claudeDir = await servers.tempDir();
    const project = join(claudeDir, 'projects', '-tmp-tc-claude-ws');
    await mkdir(project, { recursive: true });
    const transcript = join(project, `${AGENT_SESSION}.jsonl`);
    await writeFile(transcript, lines.map((line) => `${line}\n`).join(''));
    return { claudeDir, transcript };
  }

  it('lists the transcript as a read-only Claude Code session and delivers its new lines live', async () => {
    const firstReads = LINES.findIndex((line) => line.includes('"tool_result"'));
    const { claudeDir, transcript } = await transcriptIn(LINES.slice(0, firstReads));
    const server = await servers.start({ transcriptFolders: [{ source: 'claude-code', root: join(claudeDir, 'projects') }] });
    await server.agentSessionsReady;

    const listed = (await api(server, '/api/sessions')).body.sessions.find((session: { id: string }) => session.id === MIRROR_ID);
    expect(listed).toMatchObject({ source: 'claude-code', cwd: '/tmp/tc-claude-ws-yOXDF3', toolCalls: 2, title: 'Look at the sources, edit alpha and write notes.' });
    expect((await api(server, `/api/sessions/${MIRROR_ID}`)).body.header).toMatchObject({ source: 'claude-code', transcript });

    const watcher = await TestClient.connect(server.port, { token: server.token });
    watcher.send({ type: 'subscribe', sessionId: MIRROR_ID, afterSeq: -1 });
    await watcher.waitForFrame('caught-up');
    const calls = watcher.events().filter((event) => event.type === 'tool/call');
    expect(calls.map((event) => event.data.name)).toEqual(['read', 'read']);
    expect(watcher.events().some((event) => event.type === 'tool/result')).toBe(false);

    // The agent writes its first result in two pieces: the card waits for the whole line.
    const result = LINES[firstReads]!;
    appendFileSync(transcript, result.slice(0, 40));
    appendFileSync(transcript, `${result.slice(40)}\n`);
    const answered = await watcher.waitFor(() => watcher.events().find((event) => event.type === 'tool/result'), 'the first read result, live');
    expect(calls.map((event) => event.type === 'tool/call' && event.data.callId)).toContain(answered.type === 'tool/result' && answered.data.callId);

    // Everything else the agent wrote arrives live too, in the order a mapping of the whole file gives.
    appendFileSync(transcript, LINES.slice(firstReads + 1).map((line) => `${line}\n`).join(''));
    const expected = mappedAtOnce(LINES.length);
    await watcher.waitFor(() => (watcher.events().length >= expected.length ? true : undefined), 'every event of the transcript');
    expect(watcher.events().map(shapeOf)).toEqual(expected);

    watcher.send({ type: 'run-tool', sessionId: MIRROR_ID, name: 'read', args: { path: 'README.md' }, requestId: 'r1' });
    watcher.send({ type: 'user-message', sessionId: MIRROR_ID, text: 'hello' });
    const refused = await watcher.waitFor((frames) => {
      const errors = frames.filter((frame) => frame.type === 'error' && frame.code === 'SESSION_READ_ONLY');
      return errors.length === 2 ? errors : undefined;
    }, 'two read-only refusals');
    expect(JSON.stringify(refused)).toContain('Claude Code session');
    expect(loggedEvents(server.dataDir).map(shapeOf)).toEqual(expected);
    await watcher.close();
  });

  it('looks at files now for a session that ran in a folder inside the workspace; one of another folder says its files are not here', async () => {
    const server = await servers.start();
    const inside = join(server.workspace, 'pkg');
    await mkdir(join(inside, 'src'), { recursive: true });
    await writeFile(join(inside, 'src/alpha.ts'), 'export const one = 1;\n// needle one\nexport const two = 2;\n');
    const { claudeDir } = await transcriptIn(LINES.map((line) => line.replaceAll('/tmp/tc-claude-ws-yOXDF3', inside)));
    const elsewhere = await transcriptIn(LINES);
    await server.close();
    const folders = [{ source: 'claude-code' as const, root: join(claudeDir, 'projects') }];
    const here = await servers.start({ transcriptFolders: folders, workspace: server.workspace });
    await here.agentSessionsReady;
    // The agent named src/alpha.ts from pkg/, where it ran: the look finds pkg/src/alpha.ts.
    const lines = await api(here, `/api/sessions/${MIRROR_ID}/lines?path=src/alpha.ts&offset=2&limit=1`);
    expect(lines.status).toBe(200);
    expect(lines.body.lines).toEqual([{ number: 2, text: '// needle one' }]);

    const there = await servers.start({ transcriptFolders: [{ source: 'claude-code', root: join(elsewhere.claudeDir, 'projects') }], workspace: server.workspace });
    await there.agentSessionsReady;
    expect((await api(there, `/api/sessions/${MIRROR_ID}/lines?path=src/alpha.ts&offset=2&limit=1`)).body).toMatchObject({ error: { code: 'OTHER_WORKSPACE' } });
  });

  it('a later start maps only what the transcript gained; a replaced transcript is mirrored again', async () => {
    const { claudeDir, transcript } = await transcriptIn(LINES.slice(0, 30));
    const folders = [{ source: 'claude-code' as const, root: join(claudeDir, 'projects') }];
    const first = await servers.start({ transcriptFolders: folders });
    await first.agentSessionsReady;
    expect(loggedEvents(first.dataDir).map(shapeOf)).toEqual(mappedAtOnce(30));
    await first.close();

    appendFileSync(transcript, LINES.slice(30).map((line) => `${line}\n`).join(''));
    const second = await servers.start({ transcriptFolders: folders, dataDir: first.dataDir, workspace: first.workspace });
    await second.agentSessionsReady;
    const logged = loggedEvents(first.dataDir);
    expect(logged.map(shapeOf)).toEqual(mappedAtOnce(LINES.length));
    expect(logged.map((event) => event.seq)).toEqual(logged.map((_, index) => index));
    await second.close();

    // Replaced (a new file renamed over it, shorter than what was mapped): its mirror is built again.
    await writeFile(`${transcript}.new`, LINES.slice(0, 27).map((line) => `${line}\n`).join(''));
    await rename(`${transcript}.new`, transcript);
    const third = await servers.start({ transcriptFolders: folders, dataDir: first.dataDir, workspace: first.workspace });
    await third.agentSessionsReady;
    expect(loggedEvents(first.dataDir).map(shapeOf)).toEqual(mappedAtOnce(27));
  });

  it('lists a Codex rollout (sessions/YYYY/MM/DD/rollout-*.jsonl) as a Codex session with every event the importer maps', async () => {
    const rollout = readFileSync(fileURLToPath(new URL('../../../importers/src/codex/fixtures/codex-0.169.0-scenario.jsonl', import.meta.url)), 'utf8');
    const codexHome = await servers.tempDir();
    const day = join(codexHome, 'sessions', '2026', '12', '01');
    await mkdir(day, { recursive: true });
    await writeFile(join(day, 'rollout-2026-12-01T21-07-36-01a2336f-385f-7a13-80c4-99434bfadf7f.jsonl'), rollout);
    const server = await servers.start({ transcriptFolders: [{ source: 'codex', root: join(codexHome, 'sessions') }] });
    await server.agentSessionsReady;
    const importer = createCodexImporter();
    const expected = rollout.split('\n').filter((line) => line !== '').flatMap((line) => importer.feedLine(line));
    const listed = (await api(server, '/api/sessions')).body.sessions;
    expect(listed).toEqual([expect.objectContaining({ id: 'cx-01a2336f-385f-7a13-80c4-99434bfadf7f', source: 'codex', cwd: '/tmp/tc-codex-ws-GOVHI7', eventCount: expected.length })]);
    expect(expected.some(({ event }) => event.type === 'tool/result')).toBe(true);
  });

  it("lists a renamed session under the name the person gave it in Claude Code", async () => {
    const renamed = [...LINES.slice(0, 10), JSON.stringify({ type: 'custom-title', customTitle: 'alpha cleanup', sessionId: AGENT_SESSION })];
    const { claudeDir } = await transcriptIn(renamed);
    const server = await servers.start({ transcriptFolders: [{ source: 'claude-code', root: join(claudeDir, 'projects') }] });
    await server.agentSessionsReady;
    expect((await api(server, '/api/sessions')).body.sessions).toEqual([expect.objectContaining({ id: MIRROR_ID, title: 'alpha cleanup' })]);
  });
});
