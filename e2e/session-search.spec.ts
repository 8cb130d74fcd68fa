import { generateSession } from './support/session-generator';
import { expect, test } from './support/test';

/** Issue 15, part 2: search every session's log from the sessions panel, open a hit at its card. */

test.use({
  workspaceFiles: {
    'notes/flux.md': '# Flux\n\nThe flux capacitor needs 1.21 gigawatts.\n',
    'src/time.ts': 'export const capacitorCharge = 121; // flux\n',
    'src/other.ts': 'export const nothing = 0;\n',
  },
});

test('a search across three sessions lists the hits of two, and opens one at its card', async ({ page, toolcards }) => {
  const server = { origin: toolcards.origin, token: toolcards.token };
  const reading = await generateSession(server, [{ name: 'read', args: { path: 'notes/flux.md' } }]);
  const grepping = await generateSession(server, [
    { name: 'glob', args: { pattern: '**/*.ts' } },
    { name: 'grep', args: { pattern: 'capacitor' } },
  ]);
  await generateSession(server, [{ name: 'read', args: { path: 'src/other.ts' } }]);

  await page.goto(toolcards.url);
  await page.getByRole('button', { name: /Sessions/ }).click();
  const box = page.getByRole('searchbox', { name: 'Search all sessions' });
  await box.fill('gigawatts');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('button')).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: 'hit' })).toHaveText('2 hits in 2 sessions');

  await box.fill('capacitor');
  await expect(page.getByRole('status').filter({ hasText: 'hit' })).toHaveText(/in 2 sessions$/);
  const readHit = results.getByRole('button').filter({ hasText: 'read notes/flux.md' });
  await expect(readHit.locator('mark')).toHaveText('capacitor');
  await expect(results.getByRole('button').filter({ hasText: 'grep capacitor' }).first()).toBeVisible();

  // Opening a hit goes to that card of that session, by its address.
  await readHit.click();
  await expect(page).toHaveURL(new RegExp(`#/s/${reading.sessionId}/1$`));
  // Its row is the call's (seq 0); the hit named the result's event (seq 1): both open the card.
  await expect(page.locator('.timeline__row[data-seq="0"]').getByRole('article', { name: /^Read notes\/flux\.md/ })).toBeInViewport();

  // The other session's grep result, the same way.
  await page.getByRole('button', { name: /Sessions/ }).click();
  await box.fill('capacitor');
  await results.getByRole('button').filter({ hasText: 'grep capacitor' }).first().click();
  await expect(page).toHaveURL(new RegExp(`#/s/${grepping.sessionId}/\\d+$`));
  await expect(page.locator('.timeline__row').getByRole('article', { name: /^Grep capacitor/ })).toBeInViewport();
});
