import { expect } from '@playwright/test';
import type { StoryCheck } from './gallery-checks';

const header = (root: Parameters<StoryCheck['assert']>[0]['root']) => root.getByRole('button', { name: /^Explor(ed|ing) .*(Expand|Collapse) all$/ });
const lines = (root: Parameters<StoryCheck['assert']>[0]['root']) => root.locator('.tl-fold__line');

/** App/Folded exploration: a run of five folded into a header and one line per call, no card drawn. */
export function foldCollapsed(theme: 'light' | 'dark'): StoryCheck {
  return {
    theme,
    cards: 0,
    async assert({ root }) {
      await expect(header(root)).toHaveAttribute('aria-expanded', 'false');
      await expect(header(root)).toContainText('Explored 3 files · 2 searches');
      await expect(lines(root)).toHaveText([
        /src\/app\.ts\s*lines 1–40 of 120/,
        /Grep needle\s*3 matches in 3 files/,
        /src\/parse\.ts\s*lines 1–20 of 20/,
        /Glob \*\*\/\*\.test\.ts\s*4 files/,
        /src\/lex\.ts\s*lines 1–8 of 300/,
      ]);
      for (const line of await lines(root).all()) await expect(line).toHaveAttribute('aria-expanded', 'false');
    },
  };
}

/** One line opened: its card in place (the only card), a rail that folds it back, the other four still lines. */
export function foldOneOpen(theme: 'light' | 'dark'): StoryCheck {
  return {
    theme,
    async assert({ root, card }) {
      await expect(card).toHaveAccessibleName(/src\/parse\.ts/);
      await expect(card.locator('[data-line-number="20"]')).toBeVisible();
      await expect(root.getByRole('button', { name: /src\/parse\.ts.*Fold its card back to a line/ })).toHaveAttribute('aria-expanded', 'true');
      await expect(lines(root)).toHaveCount(4);
    },
  };
}

/** A live run: the read drawn before the run reached three stays a card above the fold; the grep and the running glob fold under it. */
export function foldLive(theme: 'light' | 'dark'): StoryCheck {
  return {
    theme,
    async assert({ root, card }) {
      await expect(header(root)).toContainText('Exploring 2 searches');
      await expect(card).toHaveAccessibleName(/src\/app\.ts/);
      await expect(lines(root)).toHaveText([/Grep needle\s*2 matches in 2 files/, /Glob src\/\*\*\/\*\.ts\s*running…/]);
    },
  };
}
