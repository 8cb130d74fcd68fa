import { card, timelineOf } from './support/cards';
import { generateSession, type PlannedCall } from './support/session-generator';
import { expect, runCommand, test } from './support/test';

/**
 * Issue 15, part 1: "Find in session" finds what the browser's own find cannot — text in
 * cards the virtualized timeline has not mounted, in search groups that are collapsed.
 */

const FILES = 30;
const UNIQUE = 'zebraquokka';
const READS = 3_000;

const files: Record<string, string> = {};
for (let index = 0; index < FILES; index += 1) {
  const name = `src/mod${String(index).padStart(2, '0')}.ts`;
  const special = index === 27 ? `export const common = "${UNIQUE}";` : `export const common${index} = ${index};`;
  files[name] = [`// common helpers ${index}`, special, `export function common${index}Fn() { return common${index}; }`, ''].join('\n');
}
test.use({ workspaceFiles: files });

test('Ctrl+F finds a word that sits only in a collapsed group 3,000 cards back, and lands on it', async ({ page, toolcards, consoleErrors }) => {
  test.setTimeout(300_000);
  // The grep first (90 matches in 30 files: the later groups start collapsed), then 3,000 reads after it.
  const plan: PlannedCall[] = [
    { name: 'grep', args: { pattern: 'common' } },
    // Never src/mod27.ts: the grep's collapsed group is the one place the word shows.
    ...Array.from({ length: READS }, (_, index): PlannedCall => ({ name: 'read', args: { path: `src/mod${String(index % 27).padStart(2, '0')}.ts` } })),
  ];
  const server = { origin: toolcards.origin, token: toolcards.token };
  const { sessionId } = await generateSession(server, plan);

  await page.goto(`${toolcards.url}#/s/${sessionId}`);
  await expect(timelineOf(page).getByRole('article').last()).toBeVisible({ timeout: 60_000 });
  const grepRow = page.locator('.timeline__row[data-seq="0"]');
  await expect(grepRow, 'the grep card is far back, not mounted').toHaveCount(0);

  await page.keyboard.press('Control+f');
  const box = page.getByRole('searchbox', { name: 'Find in session' });
  await expect(box).toBeFocused();
  await box.fill(UNIQUE);
  const status = page.locator('#find-bar-status');
  // The background backfill brings the older events in; the one hit is found once they are.
  await expect(status).toHaveText('1 of 1', { timeout: 60_000 });

  const search = grepRow.getByRole('article', { name: /^Grep common/ });
  await expect(search).toBeVisible();
  const group = search.getByRole('button', { name: 'src/mod27.ts, 3 matches' });
  await expect(group, 'the collapsed group was opened').toHaveAttribute('aria-expanded', 'true');
  const match = search.locator('[data-roving-key="g27m1"]');
  await expect(match).toBeInViewport();
  // The exact range is marked, over the text the card draws (CSS Custom Highlight API).
  await expect
    .poll(() => page.evaluate(() => [...((CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('tc-find-current') ?? [])].map((range) => range.toString())))
    .toEqual([UNIQUE]);

  // Enter and Shift+Enter move through hits; an invalid regex is an inline error.
  await box.fill('export const common');
  await expect(status).toHaveText(/^1 of [\d,]+/);
  await box.press('Enter');
  await expect(status).toHaveText(/^2 of [\d,]+/);
  await box.press('Shift+Enter');
  await expect(status).toHaveText(/^1 of [\d,]+/);
  await page.getByRole('button', { name: 'Regular expression' }).click();
  await box.fill('(unclosed');
  await expect(page.getByRole('alert').filter({ hasText: 'Not a valid regular expression' })).toBeVisible();

  await box.press('Escape');
  await expect(box).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test.describe('in an expanded long read', () => {
  // 3,000 lines: the read tool's cap (2,000 lines) makes the window; virtualized against the timeline once expanded.
  const BIG = Array.from({ length: 3_000 }, (_, index) => `export function f${index + 1}() { return ${index + 1}; }`).join('\n') + '\n';
  test.use({ workspaceFiles: { 'src/big.ts': BIG } });

  test('Ctrl+F for a text on line 1,000 scrolls the timeline to that line and marks it', async ({ page, toolcards, consoleErrors }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(toolcards.url);
    await runCommand(page, '/read src/big.ts');
    const read = card(page, /^Read src\/big\.ts/);
    await read.getByRole('button', { name: /^Show all [\d,]+ lines$/ }).click();
    await expect(read.getByRole('button', { name: 'Show less' })).toBeVisible();
    const far = read.locator('.tc-read__row:has([data-line-number="1000"])');
    await expect(far, 'line 1,000 is far below the screen, not drawn').toHaveCount(0);

    await page.keyboard.press('Control+f');
    const box = page.getByRole('searchbox', { name: 'Find in session' });
    await box.fill('f1000(');
    await expect(page.locator('#find-bar-status')).toHaveText('1 of 1');
    await expect(far, 'the timeline scrolled to the line').toBeInViewport();
    await expect
      .poll(() => page.evaluate(() => [...((CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('tc-find-current') ?? [])].map((range) => range.toString())))
      .toEqual(['f1000(']);

    // Another hit in the same expanded card, back up: the timeline follows it there.
    await box.fill('f300(');
    await expect(page.locator('#find-bar-status')).toHaveText('1 of 1');
    await expect(read.locator('.tc-read__row:has([data-line-number="300"])')).toBeInViewport();
    expect(consoleErrors).toEqual([]);
  });
});
