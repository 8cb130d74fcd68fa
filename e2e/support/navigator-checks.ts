import { expect } from '@playwright/test';
import type { StoryCheck } from './gallery-checks';

/** App/Outline: the turns as a tree (the first without a prompt), subagents nested, the turn in view marked, the pins as links. */
export function outlineStory(theme: 'light' | 'dark'): StoryCheck {
  return {
    theme,
    cards: 0,
    async assert({ root }) {
      const tree = root.getByRole('tree', { name: 'Turns' });
      const turns = tree.locator('[role="treeitem"][aria-level="1"]');
      await expect(turns).toHaveCount(4);
      await expect(turns.first()).toHaveAccessibleName('Turn 1: Before the first prompt. 2 calls: 1 read, 1 search');
      await expect(turns.nth(1)).toHaveAccessibleName('Turn 2: Why does the parser drop the last token?. Let me read the tokenizer first.. 8 calls: 4 reads, 2 searches, 1 command, 1 error');
      await expect(turns.nth(2)).toHaveAttribute('aria-current', 'location');
      await expect(turns.nth(2)).toHaveAttribute('aria-expanded', 'true');
      await expect(tree.locator('[role="treeitem"][aria-level="2"]')).toHaveText(['↳ Task survey the tests', '↳ Task survey the docs']);
      const pins = root.getByRole('region', { name: 'Pinned cards' }).getByRole('link');
      await expect(pins).toHaveText(['Read src/tokenizer.ts', 'Run npm test']);
      await expect(pins.first()).toHaveAttribute('href', '#/s/cc-0a1b2c3d/7');
      // The counts' colours are the kinds' (the strip's too), never the text's.
      const colours = await root.locator('.navigator__kind').evaluateAll((marks) => marks.map((mark) => getComputedStyle(mark, '::before').backgroundColor));
      expect(new Set(colours).size).toBeGreaterThanOrEqual(4);
    },
  };
}

/** App/Overview strip: the marks drawn on the canvas in the kinds' colours, the rows on screen as a band, a labelled button per turn and per pin. */
export function stripStory(theme: 'light' | 'dark'): StoryCheck {
  return {
    theme,
    cards: 0,
    async assert({ root }) {
      const strip = root.getByRole('navigation', { name: 'Session overview' });
      await expect(strip.getByRole('group', { name: 'Turns' }).getByRole('button')).toHaveCount(20);
      await expect(strip.getByRole('button', { name: 'Turn 8: Prompt 8, 100 calls: 67 reads, 23 searches, 5 commands, 5 edits' })).toHaveAttribute('aria-current', 'location');
      await expect(strip.getByRole('button', { name: /^Pinned: / })).toHaveCount(2);
      await expect(root.getByTestId('strip-viewport')).toBeVisible();
      // 2,000 calls in 472 px: one mark per 2 px bucket that holds a call.
      await expect.poll(async () => Number(await strip.getAttribute('data-marks'))).toBeGreaterThan(200);
      // Painted: the canvas holds several colours (reads, searches, commands, edits, errors).
      const colours = await strip.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
        const context = canvas.getContext('2d')!;
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        const seen = new Set<string>();
        for (let at = 0; at < data.length; at += 4) if (data[at + 3]! > 200) seen.add(`${data[at]},${data[at + 1]},${data[at + 2]}`);
        return seen.size;
      });
      expect(colours).toBeGreaterThanOrEqual(4);
    },
  };
}
