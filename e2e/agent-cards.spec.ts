import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { card, cardTexts, timelineOf, tokenColours } from './support/cards';
import { expect, test } from './support/test';
import { agentCall, writeSessionLog } from './support/agent-session-log';

/**
 * Issue 26: a coding agent's shell commands, edits and plans drawn as their own cards in a real
 * session over the real server. The session is a log fixture written to the data dir, as an
 * importer of another agent's transcript will write it (its tool names are not ours; each
 * result's meta names its card); the page replays it over the WebSocket like any session.
 */

const ESC = '\u001b';


// 60 lines of test output, the word only the middle holds on line 31; the summary in colour.
const TEST_LINES = Array.from({ length: 60 }, (_, index) => (index === 30 ? ` ${ESC}[31m×${ESC}[39m quokkaParser reads a quoted string` : ` ${ESC}[32m✓${ESC}[39m case ${index + 1}`));
const terminalMeta = {
  card: 'terminal',
  command: 'npm test -- --color',
  cwd: '/home/dev/project',
  exitCode: 1,
  durationMs: 5_120,
  output: `${TEST_LINES.join('\n')}\n${ESC}[1;31m 1 failed${ESC}[0m | 59 passed\n`,
  stderr: 'npm error code 1\n',
  truncated: false,
};

test('a shell command of another agent is a terminal card: command, exit badge, colours, stderr, find reaches the hidden middle', async ({ page, toolcards, consoleErrors }) => {
  const id = 'agent-terminal';
  await writeSessionLog(toolcards.dataDir, id, toolcards.workspace, [
    { type: 'user/message', data: { text: 'run the tests' } },
    // Claude Code marks a non-zero exit as an error result: still a terminal card.
    ...agentCall('t1', 'Bash', { command: 'npm test -- --color' }, { text: 'FAIL …', isError: true, meta: terminalMeta }),
    // A malformed terminal meta: the generic card shows the result's text.
    ...agentCall('t2', 'Bash', { command: 'ls' }, { text: 'a.txt\nb.txt', meta: { ...terminalMeta, exitCode: 'one' } }),
    { type: 'turn/end', data: { reason: 'done' } },
  ]);

  await page.goto(`${toolcards.url}#/s/${id}`);
  const terminal = card(page, 'Terminal: npm test -- --color');
  await expect(terminal).toBeVisible();
  await expect(terminal.locator('.tc-term__command')).toHaveText('npm test -- --color');
  await expect(terminal.locator('.tc-term__command .tc-tok').first(), 'the command coloured by the shell grammar').toBeAttached();
  await expect(terminal.locator('.tc-term__exit')).toHaveText('exit 1');
  await expect(terminal.locator('.tc-card__details')).toContainText('in /home/dev/project');
  await expect(terminal.locator('.tc-card__details')).toContainText('5.1 s');
  // ANSI: the summary bold red, the ticks green; never an escape byte on the page.
  const failed = terminal.locator('.tc-term__text span', { hasText: /^ 1 failed$/ });
  await expect(failed).toHaveCSS('color', 'rgb(207, 34, 46)');
  await expect(failed).toHaveCSS('font-weight', '700');
  expect(await timelineOf(page).evaluate((element) => /[\u001b\u009b]/.test(element.textContent ?? ''))).toBe(false);
  // 62 rows: the first and last 10 around the hidden middle; stderr's row is the last, marked.
  await expect(terminal.locator('.tc-term__row')).toHaveCount(20);
  await expect(terminal.locator('.tc-term__row.is-stderr')).toHaveText(['npm error code 1']);
  await expect(terminal.getByRole('button', { name: 'Show all 62 lines' })).toBeVisible();
  await expect(terminal.locator('.tc-term__row', { hasText: 'quokkaParser' })).toHaveCount(0);

  // The malformed one: the generic card with the text, nothing lost.
  const fallback = timelineOf(page).getByRole('article').filter({ hasText: 'a.txt' });
  await expect(fallback).toHaveClass(/\btc-card--generic\b/);
  await expect(fallback.locator('pre')).toHaveText('a.txt\nb.txt');

  const replayedFirst = await cardTexts(page);

  // Find in session reaches the output's hidden middle: the card shows it all and lands there.
  await page.keyboard.press('Control+f');
  const box = page.getByRole('searchbox', { name: 'Find in session' });
  await box.fill('quokkaParser');
  await expect(page.locator('#find-bar-status')).toHaveText('1 of 1');
  const hit = terminal.locator('.tc-term__row[data-terminal-line="30"]');
  await expect(hit).toBeInViewport();
  await expect(hit).toHaveText('× quokkaParser reads a quoted string');
  await expect(terminal.getByRole('button', { name: 'Show less' })).toBeVisible();
  await box.press('Escape');

  // Replayed again from the log (a reload): the same cards, as they first came.
  await page.reload();
  await expect(terminal.locator('.tc-term__row')).toHaveCount(20);
  expect(await cardTexts(page)).toEqual(replayedFirst);
  expect(consoleErrors).toEqual([]);
});

// ── Edits and plans (diff and plan cards) ─────────────────────────────────

const PRICING = 'src/billing/pricing.ts';
// The file after the edit: 60 lines; the edit renamed a parameter (lines 12–13) and changed line 40.
const PRICING_NOW = Array.from({ length: 60 }, (_, index) => {
  const number = index + 1;
  if (number === 12) return 'export function total(price: number, quantity: number): number {';
  if (number === 13) return '  return price * quantity;';
  if (number === 40) return "export const CURRENCY = 'EUR';";
  return `export const rate${number} = ${number} / 100; // line ${number}`;
});
const at = (number: number) => PRICING_NOW[number - 1]!;
const editMeta = {
  card: 'diff',
  files: [
    {
      path: PRICING,
      status: 'modified',
      lang: 'typescript',
      hunks: [
        {
          oldStart: 9,
          oldLines: 8,
          newStart: 9,
          newLines: 8,
          lines: [` ${at(9)}`, ` ${at(10)}`, ` ${at(11)}`, '-export function total(price: number, count: number): number {', '-  return price * count;', `+${at(12)}`, `+${at(13)}`, ` ${at(14)}`, ` ${at(15)}`, ` ${at(16)}`],
        },
        { oldStart: 37, oldLines: 5, newStart: 37, newLines: 5, lines: [` ${at(37)}`, ` ${at(38)}`, ` ${at(39)}`, "-export const CURRENCY = 'USD';", `+${at(40)}`, ` ${at(41)}`] },
      ],
    },
  ],
};
const planMeta = (items: [string, 'pending' | 'in_progress' | 'completed'][], explanation?: string) => ({
  card: 'plan',
  items: items.map(([text, status]) => ({ text, status })),
  ...(explanation === undefined ? {} : { explanation }),
});

test('an edit of another agent is a diff card and its plans are plan cards that say what changed since the last one', async ({ page, toolcards, consoleErrors }) => {
  const id = 'agent-edit';
  await mkdir(join(toolcards.workspace, 'src/billing'), { recursive: true });
  await writeFile(join(toolcards.workspace, PRICING), `${PRICING_NOW.join('\n')}\n`);
  await writeSessionLog(toolcards.dataDir, id, toolcards.workspace, [
    { type: 'user/message', data: { text: 'rename count to quantity' } },
    ...agentCall('p1', 'TodoWrite', { todos: [] }, { text: 'Todos updated', meta: planMeta([['Read the billing module', 'in_progress'], ['Rename count to quantity', 'pending']]) }),
    ...agentCall('e1', 'Edit', { file_path: PRICING }, { text: 'The file has been updated.', meta: editMeta }),
    // Counts that disagree with the lines: refused, the generic card shows the text.
    ...agentCall('e2', 'Edit', { file_path: 'x.ts' }, { text: 'edited x.ts', meta: { card: 'diff', files: [{ path: 'x.ts', status: 'modified', hunks: [{ oldStart: 1, oldLines: 5, newStart: 1, newLines: 1, lines: ['-a', '+b'] }] }] } }),
    ...agentCall('p2', 'TodoWrite', { todos: [] }, {
      text: 'Todos updated',
      meta: planMeta([['Read the billing module', 'completed'], ['Rename count to quantity', 'completed'], ['Run the tests', 'pending']], 'The rename is done.'),
    }),
    { type: 'turn/end', data: { reason: 'done' } },
  ]);

  await page.goto(`${toolcards.url}#/s/${id}`);
  const diff = timelineOf(page).locator('.tc-card--diff');
  await expect(diff).toBeVisible();
  await expect(diff.locator('.tc-card__details .tc-diff__counts')).toHaveText('+3 −3');
  await expect(diff.locator('.tc-diff__status')).toHaveText('modified');
  // Two gutters: a removed line has its old number only, an added line its new number only.
  const removed = diff.locator('.tc-diff__row.is-removed').first();
  await expect(removed.locator('.tc-diff__code')).toHaveText('export function total(price: number, count: number): number {');
  expect(await removed.locator('.tc-diff__num').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-line-number')))).toEqual(['12', '']);
  // Coloured by the TypeScript grammar, the renamed word marked on both sides.
  await expect.poll(async () => (await tokenColours(diff)).length).toBeGreaterThanOrEqual(3);
  await expect(removed.locator('.is-marked')).toHaveText('count');
  await expect(diff.locator('.tc-diff__row.is-added').first().locator('.is-marked')).toHaveText('quantity');
  // The workspace's file has the new text; the lines between the hunks come from it.
  await expect(diff.locator('.tc-diff__freshness')).toHaveText('applied');
  await diff.getByRole('button', { name: 'Expand 20 lines' }).click();
  await expect(diff.locator('.tc-diff__row.is-from-file')).toHaveCount(20);
  await expect(diff.locator('.tc-diff__row.is-from-file').first().locator('.tc-diff__code')).toHaveText(at(17));

  // The malformed edit: the generic card with its text.
  const fallback = timelineOf(page).getByRole('article').filter({ hasText: 'edited x.ts' });
  await expect(fallback).toHaveClass(/\btc-card--generic\b/);

  // Plans: the second says what changed since the first.
  const plans = timelineOf(page).locator('.tc-card--plan');
  await expect(plans).toHaveCount(2);
  await expect(plans.nth(0).locator('.tc-plan__changes')).toHaveCount(0);
  await expect(plans.nth(1).locator('.tc-plan__changes')).toHaveText('since the last plan: 1 added, 2 completed');
  await expect(plans.nth(1).getByRole('img', { name: 'completed' })).toHaveCount(2);
  await expect(plans.nth(1).getByRole('listitem').filter({ hasText: 'Run the tests' }).locator('.tc-plan__change')).toHaveText('new');
  await expect(plans.nth(1).getByText('The rename is done.')).toBeVisible();

  // Find in session reaches a diff line: the current hit is marked in that row (file 0, hunk 1, line 4).
  await page.keyboard.press('Control+f');
  const box = page.getByRole('searchbox', { name: 'Find in session' });
  await box.fill("'EUR'");
  await expect(page.locator('#find-bar-status')).toHaveText('1 of 1');
  const currentHit = () =>
    page.evaluate(() => {
      const highlights = (CSS as unknown as { highlights?: Map<string, Set<Range>> }).highlights;
      const range = [...(highlights?.get('tc-find-current') ?? [])][0];
      return range ? `${range.startContainer.parentElement?.closest('[data-diff-line]')?.getAttribute('data-diff-line')} ${range.toString()}` : null;
    });
  await expect.poll(currentHit).toBe("0:1:4 'EUR'");
  await box.press('Escape');

  // A hunk opens its file at its first changed line: a read card, that line marked.
  await diff.getByRole('button', { name: 'Line 40' }).click();
  const read = card(page, new RegExp(`^Read ${PRICING.replace(/\./g, '\\.')}`));
  await expect(read.locator('.tc-read__row.is-target')).toContainText("export const CURRENCY = 'EUR';");

  // The file changed after the edit: opened again (its link, seq 3 = the edit's call), the card
  // asks again and says so; gone, it says that.
  await writeFile(join(toolcards.workspace, PRICING), `${PRICING_NOW.map((text, index) => (index === 39 ? "export const CURRENCY = 'GBP';" : text)).join('\n')}\n`);
  await page.goto(`${toolcards.url}#/s/${id}/3`);
  await page.reload();
  await expect(diff.locator('.tc-diff__freshness')).toHaveText('changed since');
  await rm(join(toolcards.workspace, PRICING));
  await page.reload();
  await expect(diff.locator('.tc-diff__freshness')).toHaveText('file gone');
  // The lines route answers a file that is gone with a 422, which Chromium logs; nothing else may be.
  expect(consoleErrors.filter((message) => !/status of 422/.test(message))).toEqual([]);
});
