import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { api, useServers } from '../test-support/server-harness';
import { notUnderstoodSummary } from './not-understood-summary';

/** A transcript the real Claude Code 2.1.332 wrote: every record is one the importer knows, mapped or left out on purpose. */
const FIXTURE = fileURLToPath(new URL('../../../importers/src/claude-code/fixtures/claude-code-2.1.332-scenario.jsonl', import.meta.url));
const LINES = readFileSync(FIXTURE, 'utf8').split('\n').filter((line) => line !== '');
const AGENT_SESSION = '85804c32-f313-4d87-89d1-9d1d84ffb501';
const MIRROR_ID = `cc-${AGENT_SESSION}`;

describe('records a mirrored session did not understand', () => {
  const servers = useServers();

  async function listedAfter(lines: readonly string[]): Promise<Record<string, unknown>> {
    const claudeDir = await servers.tempDir();
    const project = join(claudeDir, 'projects', '-tmp-tc-claude-ws');
    await mkdir(project, { recursive: true });
    await writeFile(join(project, `${AGENT_SESSION}.jsonl`), lines.map((line) => `${line}\n`).join(''));
    const server = await servers.start({ transcriptFolders: [{ source: 'claude-code', root: join(claudeDir, 'projects') }] });
    await server.agentSessionsReady;
    return (await api(server, '/api/sessions')).body.sessions.find((session: { id: string }) => session.id === MIRROR_ID);
  }

  it('lists how many and of which types, in the session summary', async () => {
    const drifted = JSON.stringify({ type: 'brand-new-record-type', timestamp: '2026-12-01T00:00:00.000Z', sessionId: AGENT_SESSION });
    const listed = await listedAfter([...LINES.slice(0, 10), drifted, drifted, '{"type": "assistant", "mess', ...LINES.slice(10)]);
    expect(listed).toMatchObject({ source: 'claude-code', notUnderstood: { total: 3, types: ['brand-new-record-type', 'malformed'] } });
  });

  it('says nothing for a transcript whose records were all understood (left out on purpose is not drift)', async () => {
    const listed = await listedAfter(LINES);
    expect(listed).toMatchObject({ source: 'claude-code', toolCalls: expect.any(Number) });
    expect(listed).not.toHaveProperty('notUnderstood');
  });
});

describe('notUnderstoodSummary', () => {
  it('names the most frequent types first, at most ten, each cut to 80 characters', () => {
    const byType = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`type-${index}`, index + 1]));
    byType['x'.repeat(200)] = 50;
    const summary = notUnderstoodSummary({ total: 128, byType });
    expect(summary?.total).toBe(128);
    expect(summary?.types).toHaveLength(10);
    expect(summary?.types[0]).toBe(`${'x'.repeat(79)}…`);
    expect(summary?.types[1]).toBe('type-11');
    expect(notUnderstoodSummary({ total: 0, byType: {} })).toBeUndefined();
  });
});
