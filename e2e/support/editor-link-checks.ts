import { expect } from '@playwright/test';
import type { StoryCheck } from './gallery-checks';

/** A place a card offers to open and copy: `path:line` as shown, and the editor URL written out by hand. */
export interface EditorPlace {
  place: string;
  href: string;
}

/**
 * Everything `check` asserts, and the card's "Open in editor" links and "Copy path:line"
 * buttons (the gallery's decorator links to VS Code at STORY_EDITOR_TARGET's folder): each
 * expected place has its link, with its href and a title naming the editor, and its copy
 * button; `links` is how many the card shows in all.
 */
export function withEditorLinks(check: StoryCheck, places: readonly EditorPlace[], links = places.length): StoryCheck {
  return {
    ...check,
    async assert(scope) {
      await check.assert(scope);
      const { card } = scope;
      await expect(card.getByRole('link', { name: /^Open in editor — / }), 'one Open in editor link per place').toHaveCount(links);
      await expect(card.getByRole('button', { name: /^Copy path:line — / }), 'one Copy path:line per place').toHaveCount(links);
      for (const { place, href } of places) {
        const link = card.getByRole('link', { name: `Open in editor — ${place}` });
        await expect(link).toHaveAttribute('href', href);
        await expect(link).toHaveAttribute('title', `Open ${place} in VS Code`);
        await expect(card.getByRole('button', { name: `Copy path:line — ${place}` })).toHaveAttribute('title', `Copy ${place}`);
      }
    },
  };
}
