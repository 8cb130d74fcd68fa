import { expect } from '@playwright/test';
import type { StoryCheck } from './gallery-checks';

/**
 * Gallery checks for the cards that look at the file as it is now (Cards/File now): what a
 * user sees after the story's play function grew a read, opened a stale read's diff, or a
 * match's context. Expected texts come from the story's fixture file, passed in.
 */

interface FileNow {
  totalLines: number;
  /** The agent's read: first and last line. */
  readFrom: number;
  readTo: number;
  textOf(number: number): string;
}

/** Grown to both edges: every line of the file, the ones beyond the read banded and titled. */
export function readGrown(file: FileNow): StoryCheck {
  return {
    theme: 'light',
    async assert({ card }) {
      await expect(card.getByRole('button', { name: /lines (above|below)/ })).toHaveCount(0);
      const gutters = card.locator('.tc-read__gutter');
      await expect(gutters).toHaveCount(file.totalLines);
      await expect(gutters.first()).toHaveAttribute('data-line-number', '1');
      await expect(gutters.last()).toHaveAttribute('data-line-number', String(file.totalLines));
      const added = card.locator('.tc-read__row.is-added');
      await expect(added).toHaveCount(file.totalLines - (file.readTo - file.readFrom + 1));
      await expect(added.first()).toHaveAttribute('title', "not part of the agent's read");
      await expect(card.locator('.tc-read__row:not(.is-added) .tc-read__gutter').first()).toHaveAttribute('data-line-number', String(file.readFrom));
      await expect(card.getByRole('region', { name: 'File contents' })).toContainText(file.textOf(1));
    },
  };
}

/** Changed inside the window: the badge, Read again, and the diff of the edited line. */
export function readChanged(change: { line: number; before: string; after: string }): StoryCheck {
  return {
    theme: 'light',
    async assert({ card }) {
      await expect(card.locator('.tc-read__stale')).toHaveText('changed since read');
      await expect(card.getByRole('button', { name: 'Read again' })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Hide changes' })).toHaveAttribute('aria-expanded', 'true');
      const diff = card.getByRole('region', { name: 'Changes since the read' });
      // The diff card's hunk view (one diff component in the app).
      await expect(diff.locator('.tc-diff__hunk-range')).toHaveText(/^@@ -\d+,\d+ \+\d+,\d+ @@$/);
      await expect(diff.locator('.tc-diff__row.is-removed')).toHaveCount(1);
      await expect(diff.locator('.tc-diff__row.is-removed .tc-diff__code')).toHaveText(change.before);
      await expect(diff.locator('.tc-diff__row.is-removed .tc-diff__num').first()).toHaveAttribute('data-line-number', String(change.line));
      await expect(diff.locator('.tc-diff__row.is-added .tc-diff__code')).toHaveText(change.after);
    },
  };
}

/** Deleted: the badge says so, and nothing offers to diff or read it again. */
export function readDeleted(): StoryCheck {
  return {
    theme: 'light',
    async assert({ card }) {
      await expect(card.locator('.tc-read__stale')).toHaveText('deleted since read');
      await expect(card.getByRole('button', { name: /Show changes|Read again/ })).toHaveCount(0);
      await expect(card.getByRole('region', { name: 'File contents' })).toBeVisible();
    },
  };
}

/** A match's context: ±3 numbered lines, the match line current, its match marked. */
export function matchContext(file: Pick<FileNow, 'textOf'>, match: { line: number; marked: string }): StoryCheck {
  return {
    theme: 'light',
    async assert({ card }) {
      const first = Math.max(1, match.line - 3);
      const context = card.getByRole('group', { name: new RegExp(`^Lines ${first}–${match.line + 3} of `) });
      await expect(context.locator('[data-line-number]')).toHaveCount(7);
      await expect(context.locator('[data-line-number]').first()).toHaveAttribute('data-line-number', String(first));
      await expect(context.locator('[aria-current="true"]')).toHaveText(file.textOf(match.line));
      await expect(context.locator('[aria-current="true"] mark')).toHaveText(match.marked);
      await expect(card.getByRole('button', { name: /^Show context/ })).toHaveAttribute('aria-expanded', 'true');
    },
  };
}
