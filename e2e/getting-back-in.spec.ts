import { card } from './support/cards';
import { expect, runCommand, test } from './support/test';

test('an open tab reconnects by itself after a restart, and a new tab gets in without the token', async ({ page, context, toolcards }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  await page.goto(toolcards.url);
  await runCommand(page, '/read src/greet.ts');
  await expect(card(page, /^Read src\/greet\.ts/)).toBeVisible();
  // The token left the address bar: it is not in the history or a screenshot.
  expect(new URL(page.url()).searchParams.has('token')).toBe(false);

  const restarted = await toolcards.restart();
  expect(restarted.token).toBe(toolcards.token); // kept in the data dir
  await expect(page.locator('.connection__label')).toHaveText('Connected');
  await runCommand(page, '/grep greet');
  await expect(card(page, /^Grep greet/)).toBeVisible();

  // A new tab with no token in its address: the cookie from the first visit lets it in.
  const tab = await context.newPage();
  await tab.goto(`${restarted.origin}/`);
  await expect(card(tab, /^Grep greet/)).toBeVisible();
  await expect(tab.getByRole('heading', { name: /access token/ })).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('a browser that never opened the start URL is asked for it', async ({ browser, toolcards }) => {
  const stranger = await browser.newContext();
  const page = await stranger.newPage();
  await page.goto(`${toolcards.origin}/`);
  await expect(page.getByRole('heading', { name: 'toolcards needs its access token' })).toBeVisible();
  await stranger.close();
});
