/**
 * `npm run screenshots`: the cards and the sessions panel as a person sees them, taken from
 * the real CLI, server and Chromium on this repository's own code, in light and dark mode,
 * at 1280 and 390 px wide; a tall (capped) grep card at both widths; and on a phone the
 * composer's help and the find bar. Written to docs/screenshots/ (the README shows one).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../bench/client/client-harness';
import { CHROMIUM_PATH } from '../bench/machine';
import { startToolcards } from '../e2e/support/toolcards-process';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(repoRoot, 'docs/screenshots');
const WIDTHS = [
  { name: '1280', width: 1280, height: 800 },
  { name: '390', width: 390, height: 844 },
] as const;
const THEMES = ['light', 'dark'] as const;

async function run(page: Page, command: string): Promise<void> {
  const composer = page.getByRole('textbox', { name: 'Message or command' });
  await composer.fill(command);
  await composer.press('Enter');
}

const card = (page: Page, title: RegExp) => page.getByRole('log', { name: 'Session timeline' }).getByRole('article', { name: title });

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'toolcards-screenshots-'));
  const toolcards = await startToolcards({ workspace: repoRoot, dataDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    await mkdir(outDir, { recursive: true });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(toolcards.url);
    // An earlier session, so the panel has more than one row.
    await run(page, '/glob packages/*/src/*-store.ts');
    await card(page, /^Glob /).waitFor();
    await page.getByRole('button', { name: /Sessions/ }).click();
    await page.getByRole('button', { name: '+ New session' }).click();

    await run(page, '/grep createSpillStore');
    await card(page, /^Grep createSpillStore/).waitFor();
    await run(page, '/read packages/tools/src/spill-store.ts 1 40');
    const read = card(page, /^Read packages\/tools\/src\/spill-store\.ts/);
    await read.locator('.tc-tok').first().waitFor();
    // More matches than a card shows: its header says "showing 250 of N — Show all".
    await run(page, '/grep import packages');
    const tall = card(page, /^Grep import in packages/);
    await tall.getByText(/^showing 250 of/).waitFor();
    let images = 0;

    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      for (const size of WIDTHS) {
        await page.setViewportSize({ width: size.width, height: size.height });
        // The page as a person sees it, the card at the top of the timeline.
        for (const [name, shown] of [['search', card(page, /^Grep createSpillStore/)], ['read', read], ['search-tall', tall]] as const) {
          await shown.evaluate((element) => element.scrollIntoView({ block: 'start' }));
          await page.waitForTimeout(200); // the virtualizer places rows on the next frame
          await page.screenshot({ path: join(outDir, `${name}-${theme}-${size.name}.png`) });
          images += 1;
        }
        if (size.name === '390') {
          // The help, open over the composer; closed again by its button.
          await page.getByRole('button', { name: 'Help' }).click();
          await page.getByRole('region', { name: 'Composer help' }).waitFor();
          await page.screenshot({ path: join(outDir, `help-${theme}-${size.name}.png`) });
          await page.getByRole('button', { name: 'Close help' }).click();
          // Find in session, on one row, at a hit.
          await page.keyboard.press('Control+f');
          const find = page.getByRole('search', { name: 'Find in session' });
          await find.getByRole('searchbox').fill('createSpillStore');
          await find.getByRole('status').getByText(/ of /).waitFor();
          await page.waitForTimeout(200);
          await page.screenshot({ path: join(outDir, `find-${theme}-${size.name}.png`) });
          await page.keyboard.press('Escape');
          images += 2;
        }
        await page.getByRole('button', { name: /Sessions/ }).click();
        await page.getByRole('navigation', { name: 'Sessions' }).getByRole('region').first().waitFor();
        await page.screenshot({ path: join(outDir, `sessions-${theme}-${size.name}.png`) });
        images += 1;
        await page.keyboard.press('Escape');
        if (await page.getByRole('navigation', { name: 'Sessions' }).isVisible()) await page.getByRole('button', { name: /Sessions/ }).click();
      }
    }
    process.stdout.write(`screenshots: ${images} images in docs/screenshots/\n`);
  } finally {
    await browser.close();
    await toolcards.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
