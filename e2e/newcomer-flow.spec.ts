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

test.describe('the first things a newcomer types', () => {
  test.use({
    workspaceFiles: {
      'package.json': '{ "name": "fixture" }\n',
      'src/main.ts': 'export default function main(): void {}\n',
      'src/deep/nested/util.ts': 'export const util = 1;\n',
    },
  });

  test('the empty page’s /glob * lists this folder’s files; /glob **/* every file below it', async ({ page, toolcards, consoleErrors }) => {
    await page.goto(toolcards.url);
    // One word for an open socket, before the first session as after it.
    await expect(page.getByRole('banner').getByRole('status')).toHaveText('Connected');
    await timelineOf(page).getByRole('button', { name: '/glob *', exact: true }).click();
    const here = card(page, /^Glob \*$/);
    await expect(here).toContainText('1 file');
    await expect(here.getByRole('button', { name: 'Open package.json' })).toBeVisible();
    await expect(here.getByRole('button', { name: /^Open src\// })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('status')).toHaveText('Connected');

    await runCommand(page, '/glob **/*');
    const all = card(page, /^Glob \*\*\/\*$/);
    await expect(all).toContainText('3 files');
    await expect(all.getByRole('button', { name: 'Open src/deep/nested/util.ts' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('/grep export default offers /grep "export default", which one click runs', async ({ page, toolcards }) => {
    await page.goto(toolcards.url);
    await runCommand(page, '/grep export default');
    await expect(timelineOf(page)).toContainText('File not found: default');
    const suggestion = page.getByRole('status').filter({ hasText: 'Did you mean' });
    await expect(suggestion).toHaveText('No file or folder default here. Did you mean /grep "export default"?');
    await suggestion.getByRole('button', { name: '/grep "export default"' }).click();
    const search = card(page, /^Grep export default$/);
    await expect(search).toContainText('1 match in 1 file');
    await expect(search.getByRole('button', { name: /^src\/main\.ts line 1:/ }).locator('mark')).toHaveText('export default');
    await expect(suggestion).toHaveCount(0);
  });

  test('the help closes once a command is sent', async ({ page, toolcards }) => {
    await page.goto(toolcards.url);
    const timeline = timelineOf(page);
    const before = (await timeline.boundingBox())!.height;
    await runCommand(page, '/help');
    const help = page.getByRole('region', { name: 'Composer help' });
    await expect(help).toBeVisible();
    await expect(help).toContainText('**/*');
    expect((await timeline.boundingBox())!.height).toBeLessThan(before);
    await runCommand(page, '/read package.json');
    await expect(card(page, /^Read package\.json/)).toBeVisible();
    await expect(help).toBeHidden();
    expect((await timeline.boundingBox())!.height).toBe(before);
  });

  test('a page without the token says to open the URL toolcards printed when it started', async ({ page, toolcards }) => {
    await page.goto(`${toolcards.origin}/`);
    await expect(page.getByRole('heading', { name: 'toolcards needs its access token' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Open the URL that toolcards printed when it started');
    await expect(page.getByRole('main')).not.toContainText('npm start (it contains');
  });
});
