import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ResultCard } from '../index';
import { searchMatchesFixtures } from '../../test-support/card-fixtures';
import { fullResultSources } from '../../test-support/full-result-fixtures';

const meta = {
  title: 'Cards/Search/Matches',
  component: ResultCard,
  args: { shell: { onOpenLocation: fn() } },
} satisfies Meta<typeof ResultCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FewMatches: Story = {
  name: 'A few matches',
  args: { view: searchMatchesFixtures.fewMatches },
};

/** Another agent's grep -C 1: the lines it printed around each match, beside the match. */
export const WithContext: Story = {
  name: 'With context lines (another agent’s grep -C)',
  args: { view: searchMatchesFixtures.withContext },
};

export const WithContextDark: Story = {
  name: 'With context lines, dark',
  args: { view: searchMatchesFixtures.withContext },
  globals: { theme: 'dark' },
};

export const Truncated: Story = {
  name: 'Truncated',
  args: { view: searchMatchesFixtures.truncated },
};

/** The story's state is the complete result: switch the capped card to it, as a user would. */
const showAll: Story['play'] = async ({ canvas, userEvent }) => {
  // The card's code comes in its own chunk: found once it has drawn.
  await userEvent.click(await canvas.findByRole('button', { name: /^Show all [\d,]+$/ }));
  await canvas.findByRole('list', { name: /^All / });
};

export const TruncatedCompleteResult: Story = {
  name: 'Truncated matches, complete result',
  args: { view: searchMatchesFixtures.truncated, shell: { onOpenLocation: fn(), fullResult: fullResultSources.matches } },
  play: showAll,
};

export const TruncatedCompleteResultDark: Story = {
  name: 'Truncated matches, complete result (dark)',
  args: { view: searchMatchesFixtures.truncated, shell: { onOpenLocation: fn(), fullResult: fullResultSources.matches } },
  globals: { theme: 'dark' },
  play: showAll,
};

export const HighlightedRanges: Story = {
  name: 'Highlighted ranges',
  args: { view: searchMatchesFixtures.highlightedRanges },
};

export const HighlightedRangesDark: Story = {
  name: 'Highlighted ranges (dark)',
  args: { view: searchMatchesFixtures.highlightedRanges },
  globals: { theme: 'dark' },
};

export const ZeroMatches: Story = {
  name: 'Zero matches',
  args: { view: searchMatchesFixtures.zeroMatches },
};

export const Hostile: Story = {
  name: 'Markup in path and line (rendered as text)',
  args: { view: searchMatchesFixtures.hostile },
};

export const InvisibleCharacters: Story = {
  name: 'Deceptive names and bidi controls in matches',
  args: { view: searchMatchesFixtures.invisibleCharacters },
};

export const InvisibleCharactersDark: Story = {
  name: 'Deceptive names and bidi controls in matches (dark)',
  args: { view: searchMatchesFixtures.invisibleCharacters },
  globals: { theme: 'dark' },
};
