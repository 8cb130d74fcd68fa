import { card, expectHighlighted, timelineOf } from './support/cards';
import { expect, runCommand, test } from './support/test';

test.use({
  workspaceFiles: {
    'src/greet.ts': 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n',
    'src/app.ts': [
      "import { greet } from './greet';",
      '',
      '// The entry point: says hello to whoever runs it.',
      'const who: string = process.argv[2] ?? "world";',
      'console.log(greet(who));',
      '',
    ].join('\n'),
    'docs/guide.md': '# Guide\n\nCall `greet` with a name.\n',
  },
});

test('a newcomer greps, opens a match at its line, globs and opens a path', async ({ page, toolcards, consoleErrors }) => {
  await page.goto(toolcards.url);

  await runCommand(page, '/grep greet');
  const search = card(page, /^Grep greet/);
  await expect(search).toBeVisible();
  await expect(search).toContainText('4 matches in 3 files');

  // Expand one group on its own: collapse everything, then open src/app.ts.
  await search.getByRole('button', { name: 'Collapse all' }).click();
  const group = search.getByRole('button', { name: 'src/app.ts, 2 matches' });
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');

  const match = search.getByRole('button', { name: /^src\/app\.ts line 5: console\.log\(greet\(who\)\);$/ });
  await expect(match.locator('mark')).toHaveText('greet');
  await match.click();

  const read = card(page, /^Read src\/app\.ts/);
  await expect(read).toBeVisible();
  await expect(read).toContainText('typescript');
  const target = read.locator('[aria-current="true"]');
  await expect(target).toContainText('console.log(greet(who));');
  await expect(target.locator('.tc-read__gutter')).toHaveAttribute('data-line-number', '5');
  await expectHighlighted(read);
  await expect(read).toBeInViewport();

  await runCommand(page, '/glob **/*.md');
  const paths = card(page, /^Glob \*\*\/\*\.md/);
  await expect(paths).toBeVisible();
  await paths.getByRole('button', { name: 'Open docs/guide.md' }).click();

  const guide = card(page, /^Read docs\/guide\.md/);
  await expect(guide).toBeVisible();
  await expect(guide.getByRole('region', { name: 'File contents' })).toContainText('Call `greet` with a name.');
  await expect(guide.locator('.tc-read__gutter').first()).toHaveAttribute('data-line-number', '1');

  await expect(timelineOf(page).getByRole('article')).toHaveCount(4);

  // Opening the same path again shows the card that is already there, flashed, instead of a copy.
  await paths.getByRole('button', { name: 'Open docs/guide.md' }).click();
  await expect(page.getByTestId('card-flash')).toHaveCount(1);
  await expect(guide).toBeInViewport();
  await expect(timelineOf(page).getByRole('article')).toHaveCount(4);
  expect(consoleErrors).toEqual([]);
});

test('the search card works from the keyboard alone', async ({ page, toolcards }) => {
  await page.goto(toolcards.url);
  await runCommand(page, '/grep greet src');
  const search = card(page, /^Grep greet/);
  await expect(search).toBeVisible();

  const firstGroup = search.getByRole('button', { name: /^src\/\w+\.ts, \d+ match/ }).first();
  await firstGroup.focus();
  await page.keyboard.press('ArrowDown');
  await expect(search.getByRole('button', { name: /^src\/\w+\.ts line \d+:/ }).first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card(page, /^Read src\//)).toBeVisible();
});

test('"Next N lines" on a read card reads the rest of the file into a new card, shown', async ({ page, toolcards, consoleErrors }) => {
  await page.goto(toolcards.url);
  await runCommand(page, '/read src/app.ts 1 2');
  const first = card(page, /^Read src\/app\.ts \(1 - 2\)/);
  await expect(first).toContainText('lines 1–2 of 5');
  await first.getByRole('button', { name: 'Next 3 lines' }).click();

  const rest = card(page, /^Read src\/app\.ts \(3 - 5\)/);
  await expect(rest).toContainText('lines 3–5 of 5');
  await expect(rest).toBeInViewport();
  await expect(rest.getByRole('button', { name: /^Next / })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
