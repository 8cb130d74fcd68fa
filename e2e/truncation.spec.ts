import { card } from './support/cards';
import { expect, runCommand, test } from './support/test';

// 120 files × 3 matching lines = 360 matches: past the 250-match inline cap.
const files: Record<string, string> = {};
for (let index = 0; index < 120; index += 1) {
  files[`src/module-${String(index).padStart(3, '0')}.ts`] = `// needle one\nexport const value${index} = ${index}; // needle two\n// needle three\n`;
}

test.use({ workspaceFiles: files });

test('a grep past the cap says "showing 250 of N" and its full result can be read', async ({ page, toolcards, consoleErrors }) => {
  await page.goto(toolcards.url);
  await runCommand(page, '/grep needle');

  const search = card(page, /^Grep needle/);
  await expect(search).toContainText(/showing 250 of 360 matches/);
  const locator = search.getByRole('button', { name: /^Open the full result: / });
  await expect(locator).toBeVisible();
  const spillPath = (await locator.textContent()) ?? '';
  expect(spillPath).not.toBe('');

  await locator.click();
  const full = card(page, /^Read /).last();
  await expect(full).toBeVisible();
  // The spilled file holds every match (one line each, plus a header per file), more than the inline page.
  await expect(full).toContainText(/lines 1–\d+ of (?:[4-9]\d\d|\d,\d{3})/);
  await expect(full.getByRole('region', { name: 'File contents' })).toContainText('needle');
  expect(consoleErrors).toEqual([]);
});

test('a glob past the cap shows "showing 100 of N"', async ({ page, toolcards }) => {
  await page.goto(toolcards.url);
  await runCommand(page, '/glob **/*.ts');
  const paths = card(page, /^Glob /);
  await expect(paths).toContainText(/showing 100 of 120/);
  await expect(paths.getByRole('button', { name: /^Open src\/module-\d+\.ts$/ })).toHaveCount(100);
});
