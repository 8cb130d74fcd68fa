import { expect } from '@playwright/test';
import type { SessionSearchResponse } from '@toolcards/protocol';
import type { StoryCheck } from './gallery-checks';

/** App/Find in session: after typing the word, the one hit is counted, its group opened, the match painted as current. */
export function findInSession(word: string, group: { label: string }, theme: 'light' | 'dark' = 'light'): StoryCheck {
  return {
    theme,
    async assert({ page, root, card }) {
      await expect(root.getByRole('searchbox', { name: 'Find in session' })).toHaveValue(word);
      await expect(root.locator('#find-bar-status')).toHaveText('1 of 1');
      await expect(card.getByRole('button', { name: group.label })).toHaveAttribute('aria-expanded', 'true');
      await expect
        .poll(() => page.evaluate(() => [...((CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('tc-find-current') ?? [])].map((range) => range.toString())))
        .toEqual([word]);
    },
  };
}

/** App/Search all sessions: every hit a row with its session, what it is, and the snippet with the match marked. */
export function sessionSearchResults(answer: SessionSearchResponse, theme: 'light' | 'dark' = 'light'): StoryCheck {
  return {
    theme,
    cards: 0,
    async assert({ root }) {
      const list = root.getByRole('list', { name: 'Search results' });
      const rows = list.getByRole('button');
      await expect(rows).toHaveCount(answer.hits.length);
      for (const [index, hit] of answer.hits.entries()) {
        const row = rows.nth(index);
        await expect(row.locator('.session-search__title')).toHaveText(hit.title);
        await expect(row.locator('.session-search__label')).toHaveText(hit.label);
        await expect(row.locator('.session-search__snippet')).toHaveText(hit.snippet);
        await expect(row.locator('mark')).toHaveText(hit.ranges.map(([start, end]) => hit.snippet.slice(start, end)));
      }
      await expect(root.getByRole('status')).toHaveText(`${answer.hits.length} hits in ${answer.sessions} sessions`);
    },
  };
}
