import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';
import { card, expectHighlighted, timelineOf, tokenColours } from './support/cards';
import { expect, runCommand, test } from './support/test';
import { startFakeChatCompletionsServer } from '../packages/server/src/test-support/fake-chat-completions-server';
import { buildFixtureWorkspace, makeDataDir } from './support/fixture-workspace';
import { startToolcards } from './support/toolcards-process';
import { agentCall as loggedAgentCall, writeSessionLog, type LoggedEvent } from './support/agent-session-log';

/**
 * Issue 29: a session exported as one HTML file, through the real server (its export route and
 * the header's dialog), opened from file:// with every request refused: the app's cards, the
 * highlighting computed at export, and the secrets masked everywhere they were (a read, a grep
 * match, a terminal's output, a file's name), never in the file's bytes. Chromium only here
 * (Firefox is not installed on this machine).
 */

const AWS_KEY = 'AKIAZ3MHQ7LJ2P4XWK5N';
const GITHUB_TOKEN = `ghp_${'R8cM2pQx7LwN4vZt9KbH3sJd6FgY1aEu0Wq5'}`;

test.use({
  workspaceFiles: {
    'config/aws.ts': `// Deploy settings\nexport const AWS_KEY = '${AWS_KEY}';\nexport const region = 'eu-west-1';\n`,
    'src/deploy.ts': `export const token = '${GITHUB_TOKEN}'; // the deploy bot\n`,
    [`notes/${GITHUB_TOKEN}.txt`]: 'a note named after a token\n',
  },
});


/** A call of another agent and its result, as the importer logs it. */
function agentCall(callId: string, name: string, args: unknown, text: string, meta: unknown): LoggedEvent[] {
  return loggedAgentCall(callId, name, args, { text, meta });
}

/**
 * Opens an exported file from file:// with every request but the file's own aborted; returns
 * what was asked for. A console error or page error (a CSP refusal among them) fails the test.
 */
async function openOffline(page: Page, path: string, hash = ''): Promise<{ requests: string[]; errors: string[] }> {
  const fileUrl = pathToFileURL(path).href;
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('request', (request) => requests.push(request.url()));
  await page.route('**/*', (route) => (route.request().url() === fileUrl ? route.continue() : route.abort()));
  await page.goto(fileUrl + hash);
  await expect(page.locator('.ev-header')).toBeVisible();
  return { requests, errors };
}

test('a session exported from the header dialog opens offline from file://: cards, colours, masking, find, theme and anchors', async ({ page, toolcards, consoleErrors }, testInfo) => {
  await page.goto(toolcards.url);
  await runCommand(page, '/read config/aws.ts');
  await expect(card(page, /aws\.ts/)).toBeVisible();
  await runCommand(page, '/grep ghp_');
  await expect(card(page, /ghp_/)).toBeVisible();
  await runCommand(page, '/glob notes/*');
  await expect(card(page, /notes/)).toBeVisible();

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export this session' });
  const findings = dialog.getByRole('list', { name: 'What will be masked' });
  await expect(findings).toContainText('aws-access-key-id');
  await expect(findings).toContainText('github');
  await expect(findings, 'a sample, never the value').not.toContainText(AWS_KEY);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.html$/);
  const path = testInfo.outputPath('export.html');
  await download.saveAs(path);
  await expect(dialog).toBeHidden();

  const bytes = await readFile(path, 'utf8');
  expect(bytes, 'the AWS key is nowhere in the file').not.toContain(AWS_KEY);
  expect(bytes, 'the GitHub token is nowhere in the file').not.toContain(GITHUB_TOKEN);
  expect(bytes).not.toContain(toolcards.token);
  expect(bytes).not.toContain(toolcards.dataDir);

  const viewer = await page.context().newPage();
  const { requests, errors } = await openOffline(viewer, path);
  // The read: gutter, colours from the highlighting computed at export, the key masked.
  const read = viewer.getByRole('article', { name: /aws\.ts/ });
  await expect(read.locator('.tc-read__gutter').first()).toHaveAttribute('data-line-number', '1');
  await expectHighlighted(read);
  await expect(read).toContainText('•••• (aws-access-key-id)');
  // The grep: its group expands and collapses, the match marked, the token masked in it.
  const grep = viewer.getByRole('article', { name: /ghp_/ });
  const group = grep.getByRole('button', { name: 'src/deploy.ts, 1 match' });
  if ((await group.getAttribute('aria-expanded')) === 'true') await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await expect(grep.locator('mark').first()).toBeVisible();
  await expect(grep).toContainText('•••• (github');
  // The glob: the file named after the token is listed masked.
  const glob = viewer.getByRole('article', { name: /notes/ });
  await expect(glob).toContainText('notes/•••• (github');
  await expect(viewer.locator('body')).not.toContainText(GITHUB_TOKEN);
  // The header: source, workspace as ~ or a path, counts, version; what was masked.
  const header = viewer.locator('.ev-header');
  await expect(header).toContainText('toolcards session');
  await expect(header).toContainText(/tool calls/);
  await expect(header).toContainText(/toolcards \d+\.\d+\.\d+/);
  await expect(header).toContainText('aws-access-key-id');

  // Theme: the toggle pins light, then dark; the card's background follows.
  const background = () => read.evaluate((element) => getComputedStyle(element).backgroundColor);
  const toggle = viewer.getByRole('button', { name: /Theme: system/ });
  await toggle.click();
  await expect(viewer.locator('html')).toHaveAttribute('data-theme', 'light');
  const light = await background();
  await viewer.getByRole('button', { name: /Theme: light/ }).click();
  await expect(viewer.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await background()).not.toBe(light);

  // The file's own find (Ctrl+F): the token-free text of the glob's note.
  await viewer.keyboard.press('Control+f');
  const find = viewer.getByRole('searchbox', { name: 'Find in this file' });
  await expect(find).toBeFocused();
  await find.fill('eu-west-1');
  await expect(viewer.locator('.ev-find__status')).toHaveText('1 of 1');

  // A line anchor: #seq-N-L2 selects line 2 of that read card.
  await viewer.keyboard.press('Escape');
  const readRow = await viewer.locator('.ev-timeline__row', { has: read }).getAttribute('id');
  expect(readRow).toMatch(/^seq-\d+$/);
  await viewer.evaluate((hash) => (location.hash = hash), `${readRow}-L2`);
  await expect(read.locator('.tc-read__row.is-selected .tc-read__gutter')).toHaveAttribute('data-line-number', '2');

  expect(requests, 'no request but the file itself').toEqual([pathToFileURL(path).href]);
  expect(errors, 'no console error in the file (a CSP refusal would be one)').toEqual([]);
  expect(consoleErrors).toEqual([]);
});

const ESC = '\u001b';

test("an agent's terminal, diff and plan cards export through the route and draw offline; the token in the terminal's output is masked; #seq-N opens a card", async ({ page, toolcards }, testInfo) => {
  const id = 'agent-export';
  await writeSessionLog(toolcards.dataDir, id, toolcards.workspace, [
    { type: 'user/message', data: { text: 'deploy it' } },
    ...agentCall('t1', 'Bash', { command: 'npm run deploy' }, 'deployed', {
      card: 'terminal',
      command: 'npm run deploy -- --verbose',
      exitCode: 0,
      output: `${ESC}[32m✓${ESC}[39m pushed with ${GITHUB_TOKEN}\nDone\n`,
      truncated: false,
    }),
    ...agentCall('e1', 'Edit', { file_path: 'src/deploy.ts' }, 'edited', {
      card: 'diff',
      files: [
        {
          path: 'src/deploy.ts',
          status: 'modified',
          lang: 'typescript',
          hunks: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ["-export const token = 'x';", '+export const token = process.env.TOKEN;'] }],
        },
      ],
    }),
    // A message in two deltas: the export holds it whole at seq 5, so seq 6 is a hole the cards after it must survive.
    { type: 'assistant/text', data: { messageId: 'm1', delta: 'The token now comes ' } },
    { type: 'assistant/text', data: { messageId: 'm1', delta: 'from the environment:\n\n```ts\nexport const token = process.env.TOKEN;\n```\n' } },
    ...agentCall('p1', 'TodoWrite', {}, 'ok', { card: 'plan', items: [{ text: 'Read the deploy script', status: 'completed' }, { text: 'Move the token to the environment', status: 'in_progress' }] }),
    { type: 'turn/end', data: { reason: 'done' } },
  ]);

  const answer = await page.request.get(`${toolcards.origin}/api/sessions/${id}/export?format=html`, { headers: { Authorization: `Bearer ${toolcards.token}` } });
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-disposition']).toContain('attachment');
  const bytes = await answer.body();
  expect(bytes.toString('utf8')).not.toContain(GITHUB_TOKEN);
  const path = testInfo.outputPath('agent.html');
  await writeFile(path, bytes);

  const { requests, errors } = await openOffline(page, path, '#seq-7');
  const terminal = page.getByRole('article', { name: /npm run deploy/ });
  await expect(terminal.locator('.tc-term__command .tc-tok').first(), 'the command coloured at export').toBeAttached();
  await expect(terminal).toContainText('•••• (github');
  expect((await tokenColours(terminal)).length).toBeGreaterThanOrEqual(1);
  const diff = page.getByRole('article', { name: /deploy\.ts/ });
  await expect(diff.getByText('process.env.TOKEN', { exact: false })).toBeVisible();
  expect((await tokenColours(diff)).length, 'both sides coloured').toBeGreaterThanOrEqual(2);
  const plan = page.getByRole('article', { name: /TodoWrite|Plan/ });
  await expect(plan.getByRole('list', { name: 'Steps' })).toContainText('Move the token to the environment');
  await expect(page.getByText('The token now comes from the environment:')).toBeVisible();
  const fence = page.locator('.tl-md__fence');
  await expect.poll(async () => (await tokenColours(fence)).length, { message: "the message's code fence coloured at export" }).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('article', { name: 'Your message' })).toHaveText('deploy it');
  // #seq-7 named the plan's call: its row is the addressed one, in view.
  const addressed = page.locator('[data-addressed="true"]');
  await expect(addressed).toHaveAttribute('id', 'seq-7');
  await expect(addressed).toBeInViewport();
  expect(requests).toEqual([pathToFileURL(path).href]);
  expect(errors).toEqual([]);
});

test('a long export draws its first block at once and the rest after: #seq-N into a later block opens that card, find reaches the last one', async ({ page, toolcards }, testInfo) => {
  const id = 'long-export';
  const events: LoggedEvent[] = [{ type: 'user/message', data: { text: 'run every step' } }];
  for (let step = 0; step < 400; step += 1) {
    events.push(...agentCall(`s${step}`, 'Bash', { command: `echo step ${step}` }, `step ${step}`, { card: 'terminal', command: `echo step ${step}`, exitCode: 0, output: `step-output-${step}\n`, truncated: false }));
  }
  await writeSessionLog(toolcards.dataDir, id, toolcards.workspace, events);
  const answer = await page.request.get(`${toolcards.origin}/api/sessions/${id}/export?format=html`, { headers: { Authorization: `Bearer ${toolcards.token}` } });
  expect(answer.status()).toBe(200);
  const path = testInfo.outputPath('long.html');
  await writeFile(path, await answer.body());
  const html = (await answer.body()).toString('utf8');
  expect(html, 'the items come in blocks').toContain('id="tc-export-items-3"');

  // seq 701 is the call of step 350, in the fourth block.
  const { errors } = await openOffline(page, path, '#seq-701');
  await expect(page.locator('main[data-complete="true"]')).toBeAttached();
  const addressed = page.locator('[data-addressed="true"]');
  await expect(addressed).toHaveAttribute('id', 'seq-701');
  await expect(addressed).toBeInViewport();
  await expect(addressed).toContainText('step-output-350');
  expect(await page.locator('.ev-timeline__row').count(), 'virtualized: a screenful of rows in the DOM').toBeLessThan(40);

  await page.keyboard.press('Control+f');
  await page.getByRole('searchbox', { name: 'Find in this file' }).fill('step-output-399');
  await expect(page.locator('.ev-find__status')).toHaveText('1 of 1');
  await expect(page.locator('[data-hit="true"]')).toContainText('step-output-399');
  expect(errors).toEqual([]);
});

/** The events an exported HTML file holds, from its JSON blocks (tc-export-items-N). */
function exportedEvents(html: string): { seq: number; type: string; data: { name?: string; args?: { path?: string; pattern?: string } } }[] {
  const blocks = [...html.matchAll(/<script type="application\/json" id="tc-export-items-\d+">([\s\S]*?)<\/script>/g)];
  expect(blocks.length, 'the file has item blocks').toBeGreaterThan(0);
  return blocks.flatMap((block) => (JSON.parse(block[1]!) as { event: { seq: number; type: string; data: never } }[]).map((item) => item.event));
}

const MODEL_KEY = 'sk-e2e-export-range-5b2e';
const RANGE_FILES = {
  'config/aws.ts': `// Deploy settings\nexport const AWS_KEY = '${AWS_KEY}';\nexport const region = 'eu-west-1';\n`,
  'src/deploy.ts': "export const target = 'production';\n",
  'notes/todo.txt': 'rotate the key\n',
};

test.describe('a range chosen on the cards', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('on a phone, two cards opened in a fold are chosen as the ends: the downloaded HTML holds exactly those cards', async ({ page, consoleErrors }, testInfo) => {
    // A model's reads and searches fold (a person's own commands do not): a scripted model (a real Chat Completions server) makes them, the real tools run them.
    const calls = [
      { name: 'read', arguments: JSON.stringify({ path: 'src/deploy.ts' }) },
      { name: 'read', arguments: JSON.stringify({ path: 'config/aws.ts' }) },
      { name: 'grep', arguments: JSON.stringify({ pattern: 'eu-west' }) },
      { name: 'glob', arguments: JSON.stringify({ pattern: 'notes/*' }) },
    ];
    const fake = await startFakeChatCompletionsServer(
      (request) => ((request.body.messages ?? []).some((message) => message.role === 'tool') ? { kind: 'stream', text: ['Looked at the deploy settings.'] } : { kind: 'stream', toolCalls: calls }),
      { apiKey: MODEL_KEY },
    );
    const workspace = await buildFixtureWorkspace(RANGE_FILES);
    const dataDir = await makeDataDir();
    const app = await startToolcards({ workspace, dataDir, env: { TOOLCARDS_API_KEY: MODEL_KEY, TOOLCARDS_BASE_URL: fake.url, TOOLCARDS_MODEL: 'fake-model' } });
    try {
      await page.goto(app.url);
      await runCommand(page, 'Look at the deploy settings');
      await expect(timelineOf(page).getByText('Looked at the deploy settings.')).toBeVisible();
      // Reopened, the four calls are one fold of lines: each end is a call opened in it.
      await page.reload();
      await rangeInFold(page, testInfo);
      expect(consoleErrors).toEqual([]);
    } finally {
      await app.stop();
      await fake.close();
      await rm(workspace, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

/** Opens two calls of the session's fold, chooses them as the range's ends, downloads the HTML and checks it holds exactly them. */
async function rangeInFold(page: Page, testInfo: TestInfo): Promise<void> {
  const lines = timelineOf(page).locator('.tl-fold__line');
  await expect(lines).toHaveCount(4);
  await lines.filter({ hasText: 'aws.ts' }).click();
  const start = card(page, /aws\.ts/);
  await start.getByRole('button', { name: 'Export from here' }).click();
  const bar = page.getByRole('region', { name: 'Export range' });
  await expect(bar).toContainText(/Export from #\d+/);
  await expect(start).toHaveClass(/tc-card--export-range/);
  await lines.filter({ hasText: 'eu-west' }).click();
  await card(page, /eu-west/).getByRole('button', { name: 'Export to here' }).click();

  const dialog = page.getByRole('dialog', { name: 'Export this session' });
  await expect(dialog.getByTestId('export-range-ends')).toHaveText(/^From #\d+ .*aws\.ts.* — to #\d+ .*eu-west/);
  await expect(dialog.getByRole('list', { name: 'What will be masked' }), "the preview follows the range: the key read in it").toContainText('aws-access-key-id');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const path = testInfo.outputPath('range.html');
  await (await downloading).saveAs(path);
  await expect(dialog).toBeHidden();
  await expect(bar, 'the range is done once exported').toBeHidden();

  const html = await readFile(path, 'utf8');
  const events = exportedEvents(html);
  const calls = events.filter((event) => event.type === 'tool/call').map((event) => `${event.data.name} ${event.data.args?.path ?? event.data.args?.pattern}`);
  expect(calls, 'the two cards chosen, and no card outside them').toEqual(['read config/aws.ts', 'grep eu-west']);
  expect(events.filter((event) => event.type === 'tool/result'), "each card's result with it").toHaveLength(2);
  expect(html).not.toContain(AWS_KEY);

  const viewer = await page.context().newPage();
  const { errors } = await openOffline(viewer, path);
  const cards = viewer.getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAccessibleName(/aws\.ts/);
  await expect(cards.nth(1)).toHaveAccessibleName(/eu-west/);
  expect(errors).toEqual([]);
}

test("an agent's session: a range picked backwards (the end first) is put in order, Escape cancels a pick, and the file holds the cards between", async ({ page, toolcards }, testInfo) => {
  const id = 'agent-range';
  const steps = [0, 1, 2, 3, 4].map((step) => agentCall(`t${step}`, 'Bash', { command: `echo step ${step}` }, `step ${step}`, { card: 'terminal', command: `echo step ${step}`, exitCode: 0, output: `step-output-${step}\n`, truncated: false }));
  await writeSessionLog(toolcards.dataDir, id, toolcards.workspace, [{ type: 'user/message', data: { text: 'run the steps' } }, ...steps.flat()]);
  await page.goto(`${toolcards.url}#/s/${id}`);
  const step = (n: number) => card(page, new RegExp(`echo step ${n}$`));
  await expect(step(4)).toBeVisible();

  // Escape: the pick is dropped.
  await step(1).getByRole('button', { name: 'Export from here' }).click();
  const bar = page.getByRole('region', { name: 'Export range' });
  await expect(bar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();
  await expect(step(2).getByRole('button', { name: 'Export from here' })).toBeVisible();

  // Keyboard only, end first: step 3, then step 1.
  await step(3).getByRole('button', { name: 'Export from here' }).focus();
  await page.keyboard.press('Enter');
  await step(1).getByRole('button', { name: 'Export to here' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Export this session' });
  await expect(dialog.getByTestId('export-range-ends')).toHaveText(/^From #3 Terminal: echo step 1 — to #7 Terminal: echo step 3$/);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const path = testInfo.outputPath('agent-range.html');
  await (await downloading).saveAs(path);
  const commands = exportedEvents(await readFile(path, 'utf8'))
    .filter((event) => event.type === 'tool/call')
    .map((event) => (event.data.args as { command?: string } | undefined)?.command);
  expect(commands).toEqual(['echo step 1', 'echo step 2', 'echo step 3']);
});
