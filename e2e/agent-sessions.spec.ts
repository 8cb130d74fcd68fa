import { appendFileSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { card, timelineOf } from './support/cards';
import { startToolcards } from './support/toolcards-process';
import { expect, test } from './support/test';
import { spawn } from 'node:child_process';
import { agentCliPath } from '../scripts/agent-clis.mjs';
import { startFakeAnthropicServer } from '../packages/importers/src/test-support/fake-anthropic-server';
import { makeScenarioWorkspace, scenarioScript, SCENARIO_ENV, SCENARIO_PROMPT, SCENARIO_TOOLS } from '../packages/importers/src/test-support/claude-code-scenario';
import { runCodex } from '../packages/importers/src/test-support/codex-run';
import * as codexScenario from '../packages/importers/src/test-support/codex-scenario';

/**
 * Issue 27: another agent's session watched live. A transcript the real Claude Code 2.1.332
 * wrote (its folder made this test's workspace) grows while the page is open: its calls come
 * up as cards, live, in a read-only session; a permalink to one of them reopens it.
 */

const FIXTURE = fileURLToPath(new URL('../packages/importers/src/claude-code/fixtures/claude-code-2.1.332-scenario.jsonl', import.meta.url));
const RECORDED_CWD = '/tmp/tc-claude-ws-yOXDF3';
const AGENT_SESSION = '85804c32-f313-4d87-89d1-9d1d84ffb501';
const MIRROR_ID = `cc-${AGENT_SESSION}`;

/** When (Date.now() in the page) the first card named `name` entered the timeline. */
async function watchForCard(page: Page, name: string): Promise<void> {
  await page.evaluate((wanted) => {
    const marks = ((window as unknown as { __cardSeen?: Record<string, number> }).__cardSeen ??= {});
    const check = () => {
      if (marks[wanted] !== undefined) return;
      if ([...document.querySelectorAll('article')].some((article) => article.getAttribute('aria-label')?.startsWith(wanted))) marks[wanted] = Date.now();
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
  }, name);
}

function cardSeenAt(page: Page, name: string): Promise<number | undefined> {
  return page.evaluate((wanted) => (window as unknown as { __cardSeen?: Record<string, number> }).__cardSeen?.[wanted], name);
}

test('a Claude Code transcript grows while its session is open: the cards arrive live, read-only, and a permalink reopens one', async ({ page }) => {
  test.setTimeout(90_000);
  const root = await realpath(await mkdtemp(join(tmpdir(), 'tc-e2e-agents-')));
  const workspace = join(root, 'workspace');
  const claudeDir = join(root, 'claude');
  const dataDir = join(root, 'data');
  await mkdir(join(workspace, 'src'), { recursive: true });
  await writeFile(join(workspace, 'src/alpha.ts'), 'export const one = 1;\n// needle one\nexport const two = 2;\n');
  const lines = readFileSync(FIXTURE, 'utf8').split('\n').filter((line) => line !== '').map((line) => line.replaceAll(RECORDED_CWD, workspace));
  const project = join(claudeDir, 'projects', workspace.replaceAll('/', '-'));
  await mkdir(project, { recursive: true });
  const transcript = join(project, `${AGENT_SESSION}.jsonl`);
  const globLine = lines.findIndex((line) => line.includes('"toolu_glob"') && line.includes('"tool_use"'));
  // The agent has read and searched so far.
  await writeFile(transcript, lines.slice(0, globLine).map((line) => `${line}\n`).join(''));

  const toolcards = await startToolcards({ workspace, dataDir, extraArgs: ['--claude-dir', claudeDir, '--no-codex'] });
  try {
    await page.goto(toolcards.url);
    await page.getByRole('banner').getByRole('button', { name: /Sessions/ }).click().catch(() => {});
    const row = page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: /Look at the sources, edit alpha and write notes\./ });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText('Claude Code');
    await row.click();
    // Its Reads and Greps fold like our own calls (folded exploration, decision 0021); Expand all shows their cards.
    await timelineOf(page).getByRole('button', { name: /^Explored .*, 5 calls\. Expand all$/ }).click();
    await expect(card(page, /^Read src\/alpha\.ts/)).toBeVisible();
    await expect(timelineOf(page).getByRole('article', { name: /^Grep needle/ }).first()).toBeVisible();
    await expect(page.getByRole('note', { name: 'Read-only session' })).toContainText('This is a Claude Code session (read-only)');
    await expect(page.getByRole('textbox', { name: 'Message or command' })).toHaveCount(0);

    // The agent globs: the call line, then (a moment later) its result.
    await watchForCard(page, 'Glob');
    const written = Date.now();
    appendFileSync(transcript, `${lines[globLine]}\n`);
    const globCard = card(page, /^Glob \*\*\/\*\.ts/);
    await expect(globCard).toBeVisible();
    const seen = await cardSeenAt(page, 'Glob');
    const latency = seen === undefined ? undefined : seen - written;
    test.info().annotations.push({ type: 'latency', description: `line written → Glob card in the DOM: ${latency} ms` });
    console.log(`agent-sessions.spec: line written → card on screen ${latency} ms`);
    const through = (callId: string) => lines.findIndex((line) => line.includes(`"tool_use_id":"${callId}"`)) + 1;
    let next = globLine + 1;
    const appendThrough = (end: number) => {
      appendFileSync(transcript, lines.slice(next, end).map((line) => `${line}\n`).join(''));
      next = end;
    };
    appendThrough(through('toolu_glob'));
    await expect(globCard).toContainText('src/alpha.ts');
    const seq = await globCard.evaluate((element) => Number(element.closest('.timeline__row')!.getAttribute('data-seq')));
    // A shell: the terminal card, with its command and output.
    appendThrough(through('toolu_bash_ok'));
    const terminal = card(page, /^Terminal: echo hello/);
    await expect(terminal).toContainText('echo hello');
    // An edit: the diff card.
    appendThrough(through('toolu_edit'));
    await expect(timelineOf(page).locator('.tc-diff__counts').first()).toBeVisible();
    appendThrough(lines.length);
    await expect(timelineOf(page).getByText('All done:')).toBeVisible();

    // A permalink to the glob card reopens it in a fresh page (folded there: the link opens its fold).
    const fresh = await page.context().newPage();
    await fresh.goto(`${toolcards.origin}/#/s/${MIRROR_ID}/${seq}`);
    await expect(fresh.locator(`.timeline__row[data-seq="${seq}"]`).getByRole('article', { name: /^Glob/ })).toBeVisible();
    await fresh.close();
  } catch (error) {
    await test.info().attach('server output', { body: toolcards.output(), contentType: 'text/plain' });
    throw error;
  } finally {
    await toolcards.stop();
    await rm(root, { recursive: true, force: true });
  }
});

test('a first start on many transcripts lists them all from their heads at once; the one mapped last opens with its cards', async ({ page }) => {
  test.setTimeout(120_000);
  const root = await realpath(await mkdtemp(join(tmpdir(), 'tc-e2e-many-agents-')));
  const workspace = join(root, 'workspace');
  const claudeDir = join(root, 'claude');
  await mkdir(join(workspace, 'src'), { recursive: true });
  await writeFile(join(workspace, 'src/alpha.ts'), 'export const one = 1;\n// needle one\nexport const two = 2;\n');
  const text = readFileSync(FIXTURE, 'utf8').replaceAll(RECORDED_CWD, workspace);
  const project = join(claudeDir, 'projects', workspace.replaceAll('/', '-'));
  await mkdir(project, { recursive: true });
  const count = 60;
  const uuidOf = (index: number) => `${AGENT_SESSION.slice(0, 24)}${index.toString(16).padStart(12, '0')}`;
  for (let index = 0; index < count; index += 1) {
    const transcript = join(project, `${uuidOf(index)}.jsonl`);
    // Session 0 has a prompt of its own and the oldest mtime: the background mapping takes it last.
    const body = text.replaceAll(AGENT_SESSION, uuidOf(index));
    await writeFile(transcript, index === 0 ? body.replaceAll('Look at the sources, edit alpha and write notes.', 'The oldest session: look at the sources.') : body);
    await utimes(transcript, new Date(Date.now() - (count - index) * 60_000), new Date(Date.now() - (count - index) * 60_000));
  }

  const toolcards = await startToolcards({ workspace, dataDir: join(root, 'data'), extraArgs: ['--claude-dir', claudeDir, '--no-codex'] });
  try {
    await page.goto(toolcards.url);
    await page.getByRole('banner').getByRole('button', { name: /Sessions/ }).click().catch(() => {});
    const panel = page.getByRole('navigation', { name: 'Sessions' });
    await expect(panel.getByRole('button', { name: /Claude Code/ })).toHaveCount(count, { timeout: 20_000 });
    const oldest = panel.getByRole('button', { name: /The oldest session: look at the sources\./ });
    await oldest.click();
    // Its tail first, as for any session: the agent's last reply and the plan before it.
    await expect(timelineOf(page).getByText('All done:')).toBeVisible();
    // The plan sits six cards above the end: whether it is drawn before a scroll depends on the
    // rows' measured heights (the timeline is virtualized), so the test scrolls up to it.
    await page.mouse.move(640, 360);
    await expect(async () => {
      if (!(await card(page, /^Plan/).isVisible())) await page.mouse.wheel(0, -300);
      await expect(card(page, /^Plan/)).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await expect(page.getByRole('note', { name: 'Read-only session' })).toContainText('Claude Code');
    // Mapped: its row counts its calls (the panel, closed by the opening, shown again).
    if (!(await panel.isVisible())) await page.getByRole('banner').getByRole('button', { name: /Sessions/ }).click();
    await expect(oldest).toContainText(/\d+ tool calls/, { timeout: 20_000 });
  } catch (error) {
    await test.info().attach('server output', { body: toolcards.output(), contentType: 'text/plain' });
    throw error;
  } finally {
    await toolcards.stop();
    await rm(root, { recursive: true, force: true });
  }
});

test('the real Claude Code CLI runs (against a fake model) while toolcards is open: its session is listed read-only and its read, search, terminal and diff cards open from links', async ({ page }) => {
  test.setTimeout(150_000);
  const workspace = await realpath(await makeScenarioWorkspace());
  const root = await realpath(await mkdtemp(join(tmpdir(), 'tc-e2e-claude-home-')));
  const dataDir = join(root, 'data');
  const home = join(root, 'home');
  await mkdir(home, { recursive: true });
  // The folder does not exist yet: Claude Code makes it when it starts writing.
  const toolcards = await startToolcards({ workspace, dataDir, extraArgs: ['--claude-dir', join(home, '.claude'), '--no-codex'] });
  const model = await startFakeAnthropicServer(scenarioScript(workspace));
  try {
    await page.goto(toolcards.url);
    const args = ['-p', SCENARIO_PROMPT, '--allowedTools', SCENARIO_TOOLS.join(','), '--permission-mode', 'bypassPermissions'];
    const claude = spawn(agentCliPath('claude-code'), args, {
      cwd: workspace,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: home,
        ANTHROPIC_BASE_URL: model.url,
        ANTHROPIC_API_KEY: 'sk-ant-fake-key-for-tests',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        IS_SANDBOX: '1',
        DISABLE_AUTOUPDATER: '1',
        ...SCENARIO_ENV,
      },
    });
    let output = '';
    claude.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    claude.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => claude.on('close', (code) => resolve(code)));

    // The session shows up in the panel while the agent runs (the list is asked again every few seconds).
    await page.getByRole('banner').getByRole('button', { name: /Sessions/ }).click().catch(() => {});
    const row = page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: new RegExp(SCENARIO_PROMPT.replaceAll('.', '\\.')) });
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(row).toContainText('Claude Code');
    expect(await exited, output).toBe(0);
    await row.click();
    await expect(page.getByRole('note', { name: 'Read-only session' })).toContainText('Claude Code');
    await expect(timelineOf(page).getByText('All done:')).toBeVisible({ timeout: 30_000 });

    // Each kind of card, reached as a person follows a link to it: read, search, terminal, diff.
    const sessionId = /#\/s\/([^/]+)/.exec(page.url())?.[1] ?? '';
    expect(sessionId).toMatch(/^cc-/);
    const logged = readFileSync(join(dataDir, 'sessions', `${sessionId}.jsonl`), 'utf8').split('\n').slice(1).filter(Boolean).map((line) => JSON.parse(line) as { seq: number; type: string; data: { callId?: string } });
    const seqOf = (callId: string) => logged.find((event) => event.type === 'tool/call' && event.data.callId === callId)?.seq;
    const checks: Array<[string, RegExp, string]> = [
      ['toolu_read_alpha', /^Read src\/alpha\.ts/, 'needle one'],
      ['toolu_grep_content', /^Grep needle/, 'needle two'],
      ['toolu_bash_ok', /^Terminal: echo hello/, 'hello'],
      ['toolu_edit', /alpha\.ts/, '+'],
    ];
    for (const [callId, name, text] of checks) {
      const seq = seqOf(callId);
      expect(seq, callId).toBeDefined();
      await page.goto(`${toolcards.origin}/#/s/${sessionId}/${seq}`);
      const linked = page.locator(`.timeline__row[data-seq="${seq}"]`).getByRole('article', { name });
      await expect(linked, callId).toBeVisible();
      await expect(linked, callId).toContainText(text);
    }
    await expect(page.locator('.tc-diff__counts').first()).toBeVisible();
  } finally {
    await model.close();
    await toolcards.stop();
    await rm(root, { recursive: true, force: true });
    await rm(workspace, { recursive: true, force: true });
  }
});

test('a rollout the real Codex CLI wrote shows up while toolcards is open and its cards arrive as the file grows', async ({ page }) => {
  test.setTimeout(150_000);
  const workspace = await realpath(await codexScenario.makeScenarioWorkspace());
  const run = await runCodex({ workspace, prompt: codexScenario.SCENARIO_PROMPT, turns: codexScenario.scenarioScript() });
  expect(run.exitCode, run.stderr).toBe(0);
  const root = await realpath(await mkdtemp(join(tmpdir(), 'tc-e2e-codex-')));
  const codexHome = join(root, 'codex');
  const toolcards = await startToolcards({ workspace, dataDir: join(root, 'data'), extraArgs: ['--codex-dir', codexHome, '--no-claude'] });
  try {
    await page.goto(toolcards.url);
    const lines = run.rollout.split('\n').filter((line) => line !== '');
    const half = lines.findIndex((line) => line.includes('"type":"response_item"') && line.includes('Begin Patch'));
    expect(half).toBeGreaterThan(5);
    const day = join(codexHome, 'sessions', '2026', '12', '01');
    await mkdir(day, { recursive: true });
    const rollout = join(day, run.rolloutPath.split('/').at(-1)!);
    // The agent has searched and read so far; the patch is still to come.
    await writeFile(rollout, lines.slice(0, half).map((line) => `${line}\n`).join(''));
    await page.getByRole('banner').getByRole('button', { name: /Sessions/ }).click().catch(() => {});
    const row = page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: new RegExp(codexScenario.SCENARIO_PROMPT) });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText('Codex');
    await row.click();
    await expect(page.getByRole('note', { name: 'Read-only session' })).toContainText('This is a Codex session (read-only)');
    await expect(timelineOf(page).getByRole('article').first()).toBeVisible();
    await expect(timelineOf(page).locator('.tc-diff__counts')).toHaveCount(0);
    appendFileSync(rollout, lines.slice(half).map((line) => `${line}\n`).join(''));
    await expect(timelineOf(page).getByText(/All done/).first()).toBeVisible();
    // A read card and a search card from the shell commands, opened from their links.
    const sessionId = /#\/s\/([^/]+)/.exec(page.url())?.[1] ?? '';
    expect(sessionId).toMatch(/^cx-/);
    const logged = readFileSync(join(root, 'data', 'sessions', `${sessionId}.jsonl`), 'utf8').split('\n').slice(1).filter(Boolean).map((line) => JSON.parse(line) as { seq: number; type: string; data: { name?: string; callId?: string; meta?: { card?: string } } });
    const patched = logged.find((event) => event.type === 'tool/result' && event.data.meta?.card === 'diff');
    const patchCall = logged.find((event) => event.type === 'tool/call' && event.data.callId === patched?.data.callId);
    expect(patchCall, 'the apply_patch call').toBeDefined();
    await page.goto(`${toolcards.origin}/#/s/${sessionId}/${patchCall!.seq}`);
    await expect(page.locator(`.timeline__row[data-seq="${patchCall!.seq}"]`).locator('.tc-diff__counts').first()).toBeVisible();
    for (const name of ['read', 'grep']) {
      const call = logged.find((event) => event.type === 'tool/call' && event.data.name === name);
      expect(call, name).toBeDefined();
      await page.goto(`${toolcards.origin}/#/s/${sessionId}/${call!.seq}`);
      await expect(page.locator(`.timeline__row[data-seq="${call!.seq}"]`).getByRole('article', { name: new RegExp(`^${name === 'read' ? 'Read' : 'Grep'} `) })).toBeVisible();
    }
  } finally {
    await toolcards.stop();
    await rm(root, { recursive: true, force: true });
    await rm(workspace, { recursive: true, force: true });
  }
});
