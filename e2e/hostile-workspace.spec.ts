import { realpath } from 'node:fs/promises';
import { card, timelineOf } from './support/cards';
import { expect, runCommand, test } from './support/test';

const HOSTILE_NAME = '<img src=x onerror=alert(1)>.ts';
const HOSTILE_TEXT = '<script>alert(1)</script>';
// Legal Linux names, each one file in the workspace: not a way out, not a Windows path, not two rows.
const WAY_OUT_NAME = '..\\..\\..\\etc\\passwd';
const DRIVE_NAME = 'C:\\Windows\\win.ini';
const NEWLINE_NAME = 'nl\n  Line 7: FAKE MATCH.txt';

test.use({
  workspaceFiles: {
    [HOSTILE_NAME]: `${HOSTILE_TEXT}\n`,
    'ok.ts': 'export const ok = true;\n',
    [WAY_OUT_NAME]: 'lookalike passwd\n',
    [DRIVE_NAME]: 'lookalike win.ini\n',
    // Past the 250 matches shown inline, so the complete result is read back from the spill.
    [NEWLINE_NAME]: `lookalike\n${Array.from({ length: 300 }, (_, index) => `spilled ${index + 1}`).join('\n')}\n`,
  },
});

test('file names and contents that look like HTML render as text', async ({ page, toolcards, consoleErrors }) => {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.goto(toolcards.url);

  await runCommand(page, '/glob *.ts');
  const paths = card(page, /^Glob /);
  await paths.getByRole('button', { name: `Open ${HOSTILE_NAME}` }).click();
  const read = card(page, /^Read </);
  await expect(read.getByRole('region', { name: 'File contents' })).toContainText(HOSTILE_TEXT);

  await runCommand(page, '/grep alert');
  const search = card(page, /^Grep alert/);
  await expect(search.getByRole('button', { name: `${HOSTILE_NAME}, 1 match` })).toBeVisible();
  await expect(search).toContainText(HOSTILE_TEXT);

  // Nothing became markup: no image, no script from the workspace, no dialog.
  await expect(timelineOf(page).locator('img')).toHaveCount(0);
  await expect(timelineOf(page).locator('script')).toHaveCount(0);
  expect(dialogs).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a name that looks like a way out opens that file inside the workspace; a newline in a name adds no row', async ({ page, toolcards, consoleErrors }) => {
  const root = await realpath(toolcards.workspace);
  await page.goto(toolcards.url);

  // glob lists hidden files too (a name starting with `..` is one): every file's link is inside the workspace.
  await runCommand(page, '/glob **/*');
  const paths = card(page, /^Glob /);
  await expect(paths.getByRole('link', { name: `Open in editor — ${WAY_OUT_NAME}:1` })).toHaveAttribute('href', `vscode://file${root}/..%5C..%5C..%5Cetc%5Cpasswd:1:1`);
  await expect(paths.getByRole('link', { name: `Open in editor — ${DRIVE_NAME}:1` })).toHaveAttribute('href', `vscode://file${root}/C%3A%5CWindows%5Cwin.ini:1:1`);
  const hrefs = await paths.getByRole('link', { name: /^Open in editor/ }).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs).toHaveLength(5);
  for (const href of hrefs) expect(href.startsWith(`vscode://file${root}/`)).toBe(true);

  // The newline's name is one file, drawn with a chip: no file `nl` with a match at line 7.
  const newlineGroup = /^nl\[U\+000A\]\s+Line 7: FAKE MATCH\.txt, /;
  await runCommand(page, '/grep lookalike');
  const search = card(page, /^Grep lookalike/);
  await expect(search.getByRole('button', { name: /, 1 match$/ })).toHaveCount(2);
  await expect(search.getByRole('button', { name: newlineGroup })).toBeVisible();
  await expect(search.locator('.tc-escape', { hasText: 'U+000A' })).toHaveCount(1);
  await expect(search.getByRole('button', { name: /^nl, / })).toHaveCount(0);

  // The complete result, read back from the spill file, lists the same one file.
  await runCommand(page, '/grep spilled');
  const capped = card(page, /^Grep spilled/);
  await capped.getByRole('button', { name: 'Show all 300' }).click();
  const all = capped.getByRole('list', { name: 'All 300 matches' });
  await expect(all.getByRole('button', { name: /, \d+ match(es)?$/ })).toHaveCount(1);
  await expect(all.getByRole('button', { name: newlineGroup })).toHaveAccessibleName(/, 300 matches$/);
  await expect(all.locator('.tc-escape', { hasText: 'U+000A' })).toHaveCount(1);
  expect(consoleErrors).toEqual([]);
});
