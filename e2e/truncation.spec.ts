import { card } from './support/cards';
import { expect, runCommand, test } from './support/test';

// 120 files × 3 matching lines = 360 matches: past the 250-match inline cap.
const files: Record<string, string> = {};
for (let index = 0; index < 120; index += 1) {
  files[`src/module-${String(index).padStart(3, '0')}.ts`] = `// needle one\nexport const value${index} = ${index}; // needle two\n// needle three\n`;
}

test.use({ workspaceFiles: files });

test('a grep past the cap says "showing 250 of N" and shows its complete result in place, every match opening its file', async ({ page, toolcards, consoleErrors }) => {
  await page.goto(toolcards.url);
  await runCommand(page, '/grep needle');

  const search = card(page, /^Grep needle/);
  await expect(search).toContainText(/showing 250 of 360 matches/);
  await search.getByRole('button', { name: 'Show all 360' }).click();

  const all = search.getByRole('list', { name: 'All 360 matches' });
  await expect(all).toBeVisible();
  await expect(search).toContainText('all 360 matches in 120 files');
  // The last files, past the first 250 matches, are there too: scroll to the end of the list.
  await all.getByRole('button', { name: /^src\/module-000\.ts, 3 matches$/ }).focus();
  await page.keyboard.press('End');
  const last = all.getByRole('button', { name: 'src/module-119.ts, 3 matches' });
  await expect(last).toBeFocused();
  await last.click();
  const match = all.getByRole('button', { name: /^src\/module-119\.ts line 2: / });
  await expect(match).toBeVisible();
  await match.click();

  const read = card(page, /^Read src\/module-119\.ts/);
  await expect(read).toBeVisible();
  await expect(read.locator('[aria-current="true"] .tc-read__gutter')).toHaveAttribute('data-line-number', '2');
  expect(consoleErrors).toEqual([]);
});

test('a glob past the cap shows "showing 100 of N"', async ({ page, toolcards }) => {
  await page.goto(toolcards.url);
  await runCommand(page, '/glob **/*.ts');
  const paths = card(page, /^Glob /);
  await expect(paths).toContainText(/showing 100 of 120/);
  await expect(paths.getByRole('button', { name: /^Open src\/module-\d+\.ts$/ })).toHaveCount(100);
  await paths.getByRole('button', { name: 'Show all 120' }).click();
  const all = paths.getByRole('list', { name: 'All 120 files' });
  await expect(all.getByRole('button', { name: /^Open src\/module-\d+\.ts$/ }).first()).toBeVisible();
});
