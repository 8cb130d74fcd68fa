import { card, cardTexts, expectHighlighted } from './support/cards';
import { expect, runCommand, test } from './support/test';

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
