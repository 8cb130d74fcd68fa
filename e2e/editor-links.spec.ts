import { realpath, rm } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { card } from './support/cards';
import { buildFixtureWorkspace, makeDataDir, type WorkspaceFiles } from './support/fixture-workspace';
import { expect, runCommand, test } from './support/test';
import { startToolcards, type ToolcardsProcess } from './support/toolcards-process';

// "Open in editor" and "Copy path:line" on a real server: the links point at the served
// workspace's real files, in the editor the server was started for.

const FILES: WorkspaceFiles = {
  'src/greet.ts': 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n',
  'src/app.ts': ["import { greet } from './greet';", '', 'const who = process.argv[2] ?? "world";', 'console.log(greet(who));', ''].join('\n'),
  // A space in a folder name: the link encodes it.
  'docs/read me/guide.md': '# Guide\n\nCall `greet` with a name.\n',
};

test.use({ workspaceFiles: FILES });

/** A grep match, the read it opens and a glob path; each card's link for `scheme`. */
async function expectLinks(page: Page, root: string, scheme: 'vscode' | 'cursor'): Promise<void> {
  await runCommand(page, '/grep greet src/app.ts');
  const search = card(page, /^Grep greet/);
  await expect(search).toContainText('2 matches');
  // `console.log(greet(who));`: the match starts at column 13.
  await expect(search.getByRole('link', { name: 'Open in editor — src/app.ts:4' })).toHaveAttribute('href', `${scheme}://file${root}/src/app.ts:4:13`);
  await expect(search.getByRole('link', { name: 'Open in editor — src/app.ts:1' })).toHaveAttribute('href', `${scheme}://file${root}/src/app.ts:1:10`);

  // The row's own click still opens the read, at the match's line.
  await search.getByRole('button', { name: /^src\/app\.ts line 4:/ }).click();
  const read = card(page, /^Read src\/app\.ts/);
  await expect(read).toBeVisible();
  await expect(read.getByRole('link', { name: /^Open in editor/ })).toHaveAttribute('href', `${scheme}://file${root}/src/app.ts:4:1`);

  await runCommand(page, '/glob **/*.md');
  const paths = card(page, /^Glob /);
  await expect(paths).toContainText('1 file');
  await expect(paths.getByRole('link', { name: 'Open in editor — docs/read me/guide.md:1' })).toHaveAttribute('href', `${scheme}://file${root}/docs/read%20me/guide.md:1:1`);
}

async function startWith(options: { extraArgs?: string[]; env?: NodeJS.ProcessEnv }): Promise<{ server: ToolcardsProcess; root: string; cleanUp: () => Promise<void> }> {
  const workspace = await buildFixtureWorkspace(FILES);
  const dataDir = await makeDataDir();
  const server = await startToolcards({ workspace, dataDir, ...options });
  return {
    server,
    root: await realpath(workspace),
    cleanUp: async () => {
      await server.stop();
      await rm(workspace, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

test('by default the cards link to VS Code, and copy path:line', async ({ page, toolcards, consoleErrors, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(toolcards.url);
  await expectLinks(page, await realpath(toolcards.workspace), 'vscode');

  const paths = card(page, /^Glob /);
  await paths.getByRole('button', { name: 'Copy path:line — docs/read me/guide.md:1' }).click();
  await expect(paths.getByRole('button', { name: 'Copied' })).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('docs/read me/guide.md:1');
  expect(consoleErrors).toEqual([]);
});

test('the row actions are a Tab away from the focused match, and arrows still move between rows', async ({ page, toolcards }) => {
  await page.goto(toolcards.url);
  await runCommand(page, '/grep greet src/app.ts');
  const search = card(page, /^Grep greet/);
  const first = search.getByRole('button', { name: /^src\/app\.ts line 1:/ });
  const second = search.getByRole('button', { name: /^src\/app\.ts line 4:/ });
  await first.focus();
  await page.keyboard.press('ArrowDown');
  await expect(second).toBeFocused();
  await page.keyboard.press('Tab');
  const link = search.getByRole('link', { name: 'Open in editor — src/app.ts:4' });
  await expect(link).toBeFocused();
  // Shown while the row has focus (a wide screen hides them until hover or focus).
  await expect.poll(() => link.evaluate((element) => getComputedStyle(element.parentElement!).opacity)).toBe('1');
  await page.keyboard.press('Tab');
  await expect(search.getByRole('button', { name: 'Copy path:line — src/app.ts:4' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(second).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(first).toBeFocused();
});

test('on a 390 px screen a focused match row shows its editor actions in full, and nothing scrolls sideways', async ({ page, toolcards }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(toolcards.url);
  await runCommand(page, '/grep greet src/app.ts');
  const search = card(page, /^Grep greet/);
  const link = search.getByRole('link', { name: 'Open in editor — src/app.ts:4' });
  // Narrow rows give the line their width (issue 23.4): the actions come with focus, as a tap gives it.
  await search.locator('.tc-search__row', { hasText: 'console.log(greet(who));' }).locator('.tc-search__match').focus();
  await expect(link).toBeInViewport({ ratio: 1 });
  await expect(search.getByRole('button', { name: 'Copy path:line — src/app.ts:4' })).toBeInViewport({ ratio: 1 });
  expect(await link.evaluate((element) => getComputedStyle(element.parentElement!).opacity)).toBe('1');
  const widths = await page.evaluate(() => ({ page: document.scrollingElement!.scrollWidth, window: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.window);
});

test('started with --editor cursor, the cards link to Cursor', async ({ page }) => {
  const { server, root, cleanUp } = await startWith({ extraArgs: ['--editor', 'cursor'] });
  try {
    await page.goto(server.url);
    await expectLinks(page, root, 'cursor');
  } finally {
    await cleanUp();
  }
});

test('with TOOLCARDS_EDITOR=none the cards offer Copy path:line only', async ({ page }) => {
  const { server, cleanUp } = await startWith({ env: { TOOLCARDS_EDITOR: 'none' } });
  try {
    await page.goto(server.url);
    await runCommand(page, '/grep greet src/app.ts');
    const search = card(page, /^Grep greet/);
    await expect(search).toContainText('2 matches');
    await expect(search.getByRole('button', { name: 'Copy path:line — src/app.ts:4' })).toBeAttached();
    await expect(page.getByRole('link', { name: /Open in editor/ })).toHaveCount(0);
  } finally {
    await cleanUp();
  }
});
