import { expect, test } from './support/test';

test('the printed URL opens the workbench on the workspace with no console error', async ({ page, toolcards, consoleErrors }) => {
  expect(toolcards.output()).toContain(`open ${toolcards.url}`);
  await page.goto(toolcards.url);
  await expect(page.getByRole('log', { name: 'Session timeline' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message or command' })).toBeFocused();
  // The token leaves the address bar once the client has it.
  await expect.poll(() => new URL(page.url()).searchParams.has('token')).toBe(false);
  expect(consoleErrors).toEqual([]);
});
