import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { card, cardTexts, timelineOf } from './support/cards';
import { expect, test } from './support/test';

/**
 * Issue 26: a coding agent's shell commands, edits and plans drawn as their own cards in a real
 * session over the real server. The session is a log fixture written to the data dir, as an
 * importer of another agent's transcript will write it (its tool names are not ours; each
 * result's meta names its card); the page replays it over the WebSocket like any session.
 */

const ESC = '\u001b';

interface LoggedEvent {
  type: string;
  data: unknown;
}

/** Writes `<dataDir>/sessions/<id>.jsonl`: the header, then the events with seq and time. */
async function writeSessionLog(dataDir: string, id: string, cwd: string, events: readonly LoggedEvent[]): Promise<void> {
  const sessions = join(dataDir, 'sessions');
  await mkdir(sessions, { recursive: true });
  const start = Date.parse('2026-12-01T10:00:00.000Z');
  const lines = [
    JSON.stringify({ type: 'session', version: 1, id, cwd, createdAt: new Date(start).toISOString() }),
    ...events.map((event, seq) => JSON.stringify({ seq, time: new Date(start + seq * 1_000).toISOString(), ...event })),
  ];
  await writeFile(join(sessions, `${id}.jsonl`), `${lines.join('\n')}\n`);
}

/** A tool call and its result, as an importer logs another agent's call. */
function agentCall(callId: string, name: string, args: unknown, result: { text: string; isError?: boolean; meta: unknown }): LoggedEvent[] {
  return [
    { type: 'tool/call', data: { callId, name, args, origin: 'model' } },
    { type: 'tool/result', data: { callId, content: [{ type: 'text', text: result.text }], isError: result.isError ?? false, meta: result.meta } },
  ];
}

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
