import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { diffMetaFromMeta, readMetaFromMeta, searchMetaFromMeta, terminalMetaFromMeta, type JsonValue } from '@toolcards/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCodex, type CodexRun } from '../test-support/codex-run';
import { ALPHA_TS, BETA_TS, BIG_LINES, BIG_TXT, makeScenarioWorkspace, README_MD, SCENARIO_PROMPT, scenarioScript } from '../test-support/codex-scenario';
import { mapTranscript, type MappedSession } from '../test-support/claude-mapped-session';
import { createCodexImporter } from './codex-importer';

/**
 * The real Codex CLI (the pinned 0.169.0, scripts/agent-clis.mjs) runs a scripted conversation
 * against the fake Responses API server in a temp CODEX_HOME and workspace; the rollout it wrote
 * is mapped and every card is checked against the workspace's files.
 */
describe('Codex 0.169 rollout, written by the real CLI', () => {
  let run: CodexRun;
  let workspace: string;
  let session: MappedSession;
  let importer: ReturnType<typeof createCodexImporter>;

  beforeAll(async () => {
    workspace = await makeScenarioWorkspace();
    run = await runCodex({ workspace, prompt: SCENARIO_PROMPT, turns: scenarioScript() });
    importer = createCodexImporter();
    session = mapTranscript(importer, run.rollout);
  }, 120_000);

  const result = (callId: string) => {
    const call = session.calls.get(callId);
    expect(call, callId).toBeDefined();
    return call!;
  };
  const fileLines = (text: string) => text.split('\n').slice(0, -1);

  it('ran the whole script and nothing else', () => {
    expect(run.exitCode).toBe(0);
    expect(run.server.unexpected).toEqual([]);
    expect(run.stdout).toContain('All done');
    expect([...session.calls.values()].filter((call) => call.result === undefined)).toEqual([]);
    expect(session.prompts).toEqual([SCENARIO_PROMPT]);
    expect([...session.texts.values()]).toEqual(['All done: the greeting uses a template now.']);
    expect(session.turnEnds).toBe(1);
  });

  it('shows rg -n as matches at their true lines', () => {
    const call = result('call_rg');
    expect(call.name).toBe('grep');
    expect(call.args).toEqual({ pattern: 'needle' });
    // The text first, so a failure shows what Codex answered.
    expect(call.result?.text).toBe('src/alpha.ts:5:export const first = "needle one";\nsrc/alpha.ts:17:// a needle in line 17\n');
    const meta = searchMetaFromMeta(call.result?.meta);
    expect(meta?.shape).toBe('matches');
    if (meta?.shape !== 'matches') return;
    const lines = fileLines(ALPHA_TS);
    expect(meta.files.map((file) => file.path)).toEqual(['src/alpha.ts']);
    for (const match of meta.files[0]!.matches) expect(match.line).toBe(lines[match.lineNumber - 1]);
    expect(meta.files[0]!.matches.map((match) => match.lineNumber)).toEqual([5, 17]);
  });

  it('shows sed -n, cat, nl -ba (after cd) and head as read windows of the real files', () => {
    const sed = readMetaFromMeta(result('call_sed').result?.meta);
    expect(result('call_sed').args).toEqual({ path: 'src/alpha.ts', offset: 1, limit: 20 });
    expect(sed?.lines.map((line) => line.text)).toEqual(fileLines(ALPHA_TS).slice(0, 20));
    expect(sed?.lines.at(-1)?.number).toBe(20);

    const cat = readMetaFromMeta(result('call_cat').result?.meta);
    expect(cat).toMatchObject({ path: 'README.md', offset: 1, totalLines: 3 });
    expect(cat?.lines.map((line) => line.text)).toEqual(fileLines(README_MD));

    const nl = readMetaFromMeta(result('call_nl').result?.meta);
    expect(nl?.path).toBe('src/beta.ts');
    expect(nl?.lines).toEqual(fileLines(BETA_TS).map((text, index) => ({ number: index + 1, text })));

    const head = readMetaFromMeta(result('call_head').result?.meta);
    expect(head?.lines.map((line) => line.text)).toEqual(fileLines(ALPHA_TS).slice(0, 3));
  });

  it('keeps the true line numbers of a read Codex shortened, and counts the rest', () => {
    const big = readMetaFromMeta(result('call_big').result?.meta);
    const lines = fileLines(BIG_TXT);
    expect(big?.totalLines).toBe(BIG_LINES);
    expect(big!.lines.length).toBeGreaterThan(10);
    expect(big!.lines.length).toBeLessThan(BIG_LINES);
    for (const line of big!.lines) expect(line.text).toBe(lines[line.number - 1]);
  });

  it('shows ls and rg --files as the workspace paths', () => {
    const ls = searchMetaFromMeta(result('call_ls').result?.meta);
    expect(result('call_ls').name).toBe('glob');
    expect(ls).toMatchObject({ shape: 'paths', paths: ['README.md', 'big.txt', 'src'] });
    const files = searchMetaFromMeta(result('call_files').result?.meta);
    expect(files?.shape === 'paths' && [...files.paths].sort()).toEqual(['README.md', 'big.txt', 'src/alpha.ts', 'src/beta.ts']);
  });

  it('shows the apply_patch heredoc as the diff of what it changed on disk', async () => {
    const call = result('call_patch');
    const diff = diffMetaFromMeta(call.result?.meta);
    expect((call.result?.meta as { card?: JsonValue }).card).toBe('diff');
    const beta = diff?.files.find((file) => file.path === 'src/beta.ts');
    expect(beta?.status).toBe('modified');
    const now = await readFile(join(workspace, 'src/beta.ts'), 'utf8');
    const added = beta!.hunks.flatMap((hunk) => hunk.lines.filter((line) => line.startsWith('+')).map((line) => line.slice(1)));
    expect(added).toEqual(['  return `hello ${name}`;']);
    expect(fileLines(now)[beta!.hunks[0]!.newStart]).toBe(added[0]);
    const todo = diff?.files.find((file) => file.path === 'notes/todo.md');
    expect(todo?.status).toBe('added');
    expect(todo!.hunks[0]!.lines.map((line) => line.slice(1))).toEqual(fileLines(await readFile(join(workspace, 'notes/todo.md'), 'utf8')));
  });

  it('shows a failing command as a terminal with its exit code, and a failing listing as an error', () => {
    const exit = terminalMetaFromMeta(result('call_exit').result?.meta);
    expect(result('call_exit').name).toBe('exec_command');
    expect(exit).toMatchObject({ command: "sh -c 'echo oops >&2; exit 3'", exitCode: 3, cwd: workspace, truncated: false });
    expect(exit?.output).toContain('oops');
    expect(result('call_fail').result).toMatchObject({ isError: true });
    expect(result('call_fail').result?.text).toContain('does-not-exist');
    // 0.169 offers no update_plan: its answer is an error, and the card says so.
    expect(result('call_plan').result).toMatchObject({ isError: true, text: 'unsupported call: update_plan' });
  });

  it('says what the session is, and counts what it left out', () => {
    const facts = importer.facts();
    expect(facts.agentVersion).toBe('0.169.0');
    expect(facts.cwd).toBe(workspace);
    expect(facts.title).toBe(SCENARIO_PROMPT);
    expect(run.rolloutPath).toContain(facts.agentSessionId!);
    expect(Date.parse(facts.createdAt!)).not.toBeNaN();
    const { byType } = importer.skipped();
    expect(byType['message:harness']).toBe(1);
    expect(byType['message:developer']).toBe(1);
    expect(byType['token_usage_record']).toBeGreaterThan(0);
    expect(byType['malformed']).toBeUndefined();
    expect(byType['not-understood']).toBeUndefined();
  });
});
