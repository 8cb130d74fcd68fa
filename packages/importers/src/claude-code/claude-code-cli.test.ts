import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { readMetaFromMeta } from '@toolcards/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runClaudeCode, type ClaudeCodeRun } from '../test-support/claude-code-run';
import { makeScenarioWorkspace, scenarioScript, SUBAGENT_PROMPT, README_MD, SCENARIO_ENV, SCENARIO_PROMPT, SCENARIO_TOOLS } from '../test-support/claude-code-scenario';
import { mapTranscript } from '../test-support/claude-mapped-session';
import { expectScenarioCards } from '../test-support/claude-scenario-expectations';
import { createClaudeCodeImporter } from './claude-code-importer';

/**
 * The real Claude Code CLI (the pinned 2.1.332, scripts/agent-clis.mjs) runs a scripted
 * conversation against the fake Anthropic server in a temp HOME and workspace; the transcript it
 * wrote is mapped and every card is checked against the workspace's files.
 */
describe('Claude Code 2.1 transcript, written by the real CLI', () => {
  let run: ClaudeCodeRun;
  let workspace: string;

  beforeAll(async () => {
    workspace = await makeScenarioWorkspace();
    run = await runClaudeCode({ workspace, prompt: SCENARIO_PROMPT, turns: scenarioScript(workspace), allowedTools: SCENARIO_TOOLS, env: SCENARIO_ENV });
  }, 120_000);

  afterAll(async () => {
    await rm(workspace, { recursive: true, force: true });
    if (run !== undefined) await rm(run.home, { recursive: true, force: true });
  });

  it('ran the whole script and nothing else', () => {
    expect(run.exitCode).toBe(0);
    expect(run.server.unexpected).toEqual([]);
    expect(run.stdout).toContain('All done');
  });

  it('maps every call to a card that shows what the files hold', async () => {
    const importer = createClaudeCodeImporter();
    const session = mapTranscript(importer, run.transcript);
    const files = new Map<string, string>();
    for (const path of ['src/alpha.ts', 'notes/new.md']) files.set(path, await readFile(join(workspace, path), 'utf8'));
    expectScenarioCards(session, workspace, (path) => files.get(path)!);
    // Every call got its result.
    expect([...session.calls.values()].filter((call) => call.result === undefined)).toEqual([]);
  });

  it('maps the subagent transcript the Agent call wrote beside the session', () => {
    expect(run.subagents.size).toBe(1);
    const importer = createClaudeCodeImporter();
    const session = mapTranscript(importer, [...run.subagents.values()][0]!);
    expect(session.prompts).toEqual([SUBAGENT_PROMPT]);
    const read = session.calls.get('toolu_sub_read');
    expect(read?.name).toBe('read');
    expect(readMetaFromMeta(read?.result?.meta)?.lines.map((line) => line.text)).toEqual(README_MD.split('\n').slice(0, -1));
    expect([...session.texts.values()]).toEqual(['README.md says there is nothing to see.']);
  });

  it('says what the session is', () => {
    const importer = createClaudeCodeImporter();
    mapTranscript(importer, run.transcript);
    const facts = importer.facts();
    expect(facts.agentVersion).toBe('2.1.332');
    expect(facts.cwd).toBe(workspace);
    expect(facts.title).toBe(SCENARIO_PROMPT);
    expect(run.transcriptPath).toContain(`${facts.agentSessionId}.jsonl`);
    expect(Date.parse(facts.createdAt!)).not.toBeNaN();
    // The records that are not the conversation, counted by type.
    const { byType } = importer.skipped();
    // Grep's context lines are shown beside their matches: none is left out.
    expect(byType['grep:context-line']).toBeUndefined();
    expect(byType['thinking']).toBe(1);
    // The background command's and the agent's completions: notifications, not prompts (one that
    // comes while a reply is under way rides in as an attachment instead of a line of its own).
    expect(byType['user:task-notification']).toBeGreaterThanOrEqual(1);
    expect(byType['attachment']).toBeGreaterThan(0);
    expect(byType['malformed']).toBeUndefined();
  });
});
