import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { card, cardTexts, expectHighlighted, timelineOf } from './support/cards';
import { expect, runCommand, test } from './support/test';

/**
 * No call still running: a pending call card has the title its result card will have, and a
 * server stopped while the glob still ran logs it as cancelled (SEARCH_ABORTED), so the reopened
 * session rightly showed an error card where the test looked for the glob's (CI, under load).
 */
async function expectAllFinished(page: Page): Promise<void> {
  await expect(timelineOf(page).locator('article[aria-busy="true"]')).toHaveCount(0);
}

test.use({
  workspaceFiles: {
    'src/greet.ts': 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n',
    'src/main.ts': "import { greet } from './greet';\nconsole.log(greet('replay'));\n",
    'notes.txt': 'plain words\n',
  },
});

test('a session reopened after a restart renders the same cards as live', async ({ page, toolcards, consoleErrors }) => {
  await page.goto(toolcards.url);
  await runCommand(page, '/grep greet');
  await expect(card(page, /^Grep greet/)).toBeVisible();
  await runCommand(page, '/read src/greet.ts');
  await expectHighlighted(card(page, /^Read src\/greet\.ts/));
  await runCommand(page, '/glob **/*.ts');
  await expect(card(page, /^Glob /)).toBeVisible();
  await runCommand(page, '/read missing.ts');
  await expect(card(page, /^Error: Read missing\.ts — file not found/)).toBeVisible();
  await expectAllFinished(page);
  const live = await cardTexts(page);
  expect(live).toHaveLength(4);

  // A new server process: new token, same data dir. Start a fresh session, then reopen the old one from the list.
  await page.goto('about:blank');
  const restarted = await toolcards.restart();
  await page.goto(restarted.url);
  const openSessions = page.getByRole('button', { name: /Sessions/ });
  await openSessions.click();
  await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: '+ New session' }).click();
  await expect(card(page, /^Glob /)).toHaveCount(0);

  await openSessions.click();
  await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: /grep greet/i }).click();

  await expect(card(page, /^Glob /)).toBeVisible();
  await expectHighlighted(card(page, /^Read src\/greet\.ts/));
  expect(await cardTexts(page)).toEqual(live);
  expect(consoleErrors).toEqual([]);
});

test('a session whose log lost a line in the middle reopens with every other card, and stays connected', async ({ page, toolcards }) => {
  await page.goto(toolcards.url);
  await runCommand(page, '/grep greet');
  await expect(card(page, /^Grep greet/)).toBeVisible();
  await runCommand(page, '/read src/greet.ts');
  await expect(card(page, /^Read src\/greet\.ts/)).toBeVisible();
  await runCommand(page, '/glob **/*.ts');
  await expect(card(page, /^Glob /)).toBeVisible();
  await expectAllFinished(page);
  const sessionId = await page.evaluate(() => /#\/s\/([^/]+)/.exec(location.hash)?.[1]);
  expect(sessionId).toBeDefined();

  // The read's call line is damaged on disk (a bad sector, a hand edit): the server skips it, leaving a hole in the seqs.
  await page.goto('about:blank');
  await toolcards.stop();
  const log = join(toolcards.dataDir, 'sessions', `${sessionId}.jsonl`);
  const lines = (await readFile(log, 'utf8')).split('\n');
  const damaged = lines.findIndex((line) => line.includes('"tool/call"') && line.includes('"name":"read"'));
  expect(damaged).toBeGreaterThan(0);
  lines[damaged] = '{"seq": this line is damaged';
  await writeFile(log, lines.join('\n'));

  const restarted = await toolcards.restart();
  await page.goto(`${restarted.url}#/s/${sessionId}`);
  await expect(card(page, /^Glob /)).toBeVisible();
  await expect(card(page, /^Grep greet/)).toBeVisible();
  // Connected, not stuck resubscribing to the same hole.
  await page.waitForTimeout(1_500);
  await expect(page.getByRole('banner')).not.toContainText(/Reconnecting|Offline/);
  await expect(card(page, /^Glob /)).toBeVisible();
});
