import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createClaudeCodeImporter } from '@toolcards/importers';
import { api, useServers } from '../test-support/server-harness';
import { TestClient } from '../test-support/test-client';

/** A transcript the real Claude Code 2.1.332 wrote (reads, greps, a glob, shells, an edit, a write, a plan). */
const FIXTURE = fileURLToPath(new URL('../../../importers/src/claude-code/fixtures/claude-code-2.1.332-scenario.jsonl', import.meta.url));
const LINES = readFileSync(FIXTURE, 'utf8').split('\n').filter((line) => line !== '');
const AGENT_SESSION = '85804c32-f313-4d87-89d1-9d1d84ffb501';
const MIRROR_ID = `cc-${AGENT_SESSION}`;
const TITLE = 'Look at the sources, edit alpha and write notes.';

describe('transcripts listed from their heads at a first start, mapped when opened', () => {
  const servers = useServers();

  async function transcriptDir(): Promise<string> {
    const claudeDir = await servers.tempDir();
    const project = join(claudeDir, 'projects', '-tmp-tc-claude-ws');
    await mkdir(project, { recursive: true });
    await writeFile(join(project, `${AGENT_SESSION}.jsonl`), LINES.map((line) => `${line}\n`).join(''));
    return join(claudeDir, 'projects');
  }

  it('lists a transcript never mapped from its first lines, then opens it as history (no live events), mapped whole', async () => {
    const server = await servers.start({ transcriptFolders: [{ source: 'claude-code', root: await transcriptDir() }], agentMapping: 'when-opened' });
    await server.agentSessionsListed;

    const listed = (await api(server, '/api/sessions')).body.sessions;
    expect(listed).toEqual([expect.objectContaining({ id: MIRROR_ID, source: 'claude-code', title: TITLE, cwd: '/tmp/tc-claude-ws-yOXDF3', mapping: true, toolCalls: 0 })]);
    expect(listed[0].createdAt).toBe(new Date(JSON.parse(LINES.find((line) => line.includes('"timestamp"'))!).timestamp).toISOString());

    // The page opens it: the subscription waits for the mapping, then gets it all as history.
    const page = await TestClient.connect(server.port, { token: server.token });
    page.send({ type: 'subscribe', sessionId: MIRROR_ID, afterSeq: -1 });
    const caughtUp = await page.waitForFrame('caught-up');
    const importer = createClaudeCodeImporter();
    const expected = LINES.flatMap((line) => importer.feedLine(line));
    expect(caughtUp.lastSeq).toBe(expected.length - 1);
    expect(page.events()).toHaveLength(expected.length);
    expect(page.frames.filter((frame) => frame.type === 'event')).toEqual([]);
    await page.close();

    const mapped = (await api(server, '/api/sessions')).body.sessions;
    expect(mapped).toEqual([expect.objectContaining({ id: MIRROR_ID, title: TITLE, eventCount: expected.length })]);
    expect(mapped[0].mapping).toBeUndefined();
    expect(mapped[0].toolCalls).toBeGreaterThan(5);
  });

  it('a page that subscribes as the server starts (before the folders are walked) waits for the mapping and gets it all as history', async () => {
    const server = await servers.start({ transcriptFolders: [{ source: 'claude-code', root: await transcriptDir() }] });
    const page = await TestClient.connect(server.port, { token: server.token });
    page.send({ type: 'subscribe', sessionId: MIRROR_ID, afterSeq: -1 });
    const settled = await page.waitFor((frames) => frames.find((frame) => frame.type === 'caught-up' || frame.type === 'error'), 'caught-up or an error');
    const importer = createClaudeCodeImporter();
    const expected = LINES.flatMap((line) => importer.feedLine(line));
    expect(settled).toMatchObject({ type: 'caught-up', lastSeq: expected.length - 1 });
    expect(page.events()).toHaveLength(expected.length);
    expect(page.frames.filter((frame) => frame.type === 'event')).toEqual([]);
    await page.close();
  });

  it('maps the listed transcripts in the background by default', async () => {
    const server = await servers.start({ transcriptFolders: [{ source: 'claude-code', root: await transcriptDir() }] });
    await server.agentSessionsReady;
    const [session] = (await api(server, '/api/sessions')).body.sessions;
    expect(session).toMatchObject({ id: MIRROR_ID, title: TITLE });
    expect(session.mapping).toBeUndefined();
    expect(session.toolCalls).toBeGreaterThan(5);
  });
});
