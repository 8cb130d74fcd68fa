import { card, timelineOf } from './support/cards';
import { expect, runCommand, test } from './support/test';

const HOSTILE_NAME = '<img src=x onerror=alert(1)>.ts';
const HOSTILE_TEXT = '<script>alert(1)</script>';

test.use({ workspaceFiles: { [HOSTILE_NAME]: `${HOSTILE_TEXT}\n`, 'ok.ts': 'export const ok = true;\n' } });

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
