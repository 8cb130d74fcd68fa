import { readFileSync } from 'node:fs';
import { cp, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '@toolcards/protocol';
import { api, useServers } from '../test-support/server-harness';
import { TestClient } from '../test-support/test-client';

/** A project folder the real Claude Code 2.1.332 wrote: a session whose Agent call ran a subagent (`<uuid>/subagents/agent-<id>.jsonl`). */
const RECORDED = fileURLToPath(new URL('../../../importers/src/claude-code/fixtures/claude-code-2.1.332-with-subagent', import.meta.url));
const PARENT = 'cc-1fc8f15e-c6a9-47e6-b3c9-4ca08e7cad5f';
const CHILD = 'cc-1fc8f15e-c6a9-47e6-b3c9-4ca08e7cad5f-a04a02ccc9f60265f';

describe('Claude Code subagent sessions, mirrored', () => {
  const servers = useServers();

  it('lists a subagent transcript as its own session under its parent, titled by its prompt, its calls as cards', async () => {
    const claudeDir = await servers.tempDir();
    const project = join(claudeDir, 'projects', '-tmp-tc-claude-ws');
    await mkdir(project, { recursive: true });
    await cp(RECORDED, project, { recursive: true });
    const server = await servers.start({ transcriptFolders: [{ source: 'claude-code', root: join(claudeDir, 'projects') }] });
    await server.agentSessionsReady;

    const sessions: Array<{ id: string; parentId?: string; title: string; toolCalls: number }> = (await api(server, '/api/sessions')).body.sessions;
    const parent = sessions.find((session) => session.id === PARENT);
    const child = sessions.find((session) => session.id === CHILD);
    expect(parent).toBeDefined();
    expect(parent!.parentId).toBeUndefined();
    expect(child).toMatchObject({ parentId: PARENT, title: 'Subagent: read README.md and say what it holds.' });
    expect(child!.toolCalls).toBeGreaterThan(0);

    // The child's log holds its own calls (not the parent's): they open as cards like any session's.
    const [, ...lines] = readFileSync(join(server.dataDir, 'sessions', `${CHILD}.jsonl`), 'utf8').split('\n').filter((line) => line !== '');
    const events = lines.map((line) => JSON.parse(line) as SessionEvent);
    const calls = events.filter((event) => event.type === 'tool/call');
    expect(calls.map((event) => event.type === 'tool/call' && event.data.name)).toContain('read');
    expect(events.some((event) => event.type === 'tool/result')).toBe(true);
    expect(calls.some((event) => event.type === 'tool/call' && event.data.name === 'Agent')).toBe(false);

    // The parent's Agent card names the subagent's session, so the page can link to it.
    const watcher = await TestClient.connect(server.port, { token: server.token });
    watcher.send({ type: 'subscribe', sessionId: PARENT, afterSeq: -1 });
    await watcher.waitForFrame('caught-up');
    const agentCall = watcher.events().find((event) => event.type === 'tool/call' && event.data.name === 'Agent');
    const agentResult = watcher
      .eventFrames()
      .find((frame) => frame.event.type === 'tool/result' && agentCall?.type === 'tool/call' && frame.event.data.callId === agentCall.data.callId);
    expect(agentResult?.view).toMatchObject({ card: 'generic', session: CHILD });
    expect((agentResult?.view as { content?: string }).content).toContain('Async agent launched');
    await watcher.close();
  });
});
