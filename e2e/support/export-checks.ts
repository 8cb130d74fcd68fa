import { expect } from '@playwright/test';
import type { StoryCheck } from './gallery-checks';

/**
 * App/Export dialog (apps/web/src/export/export-dialog.stories.tsx): the modal with its
 * format, range and what masking will hide, each finding with its rule and sample.
 */
export function exportDialogStory(expected: { findings: string[]; from?: string; to?: string; ends?: string }, theme: 'light' | 'dark' = 'light'): StoryCheck {
  return {
    theme,
    cards: 0,
    async assert({ root }) {
      const dialog = root.getByRole('dialog', { name: 'Export this session' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('radio', { name: /^HTML/ })).toBeChecked();
      if (expected.findings.length === 0) await expect(dialog.getByText('No secrets found.')).toBeVisible();
      else {
        const list = dialog.getByRole('list', { name: 'What will be masked' });
        for (const rule of expected.findings) await expect(list).toContainText(rule);
        await expect(list.getByRole('checkbox')).toHaveCount(expected.findings.length);
      }
      if (expected.from !== undefined) await expect(dialog.getByRole('textbox', { name: 'From card seq' })).toHaveValue(expected.from);
      if (expected.to !== undefined) await expect(dialog.getByRole('textbox', { name: 'To card seq' })).toHaveValue(expected.to);
      if (expected.ends !== undefined) await expect(dialog.getByTestId('export-range-ends')).toHaveText(expected.ends);
      await expect(dialog.getByRole('button', { name: 'Download' })).toBeEnabled();
    },
  };
}
