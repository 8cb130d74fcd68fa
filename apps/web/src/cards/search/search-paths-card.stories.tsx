import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ResultCard } from '../index';
import { searchPathsFixtures } from '../../test-support/card-fixtures';
import { fullResultSources } from '../../test-support/full-result-fixtures';

const meta = {
  title: 'Cards/Search/Paths',
  component: ResultCard,
  args: { shell: { onOpenLocation: fn() } },
} satisfies Meta<typeof ResultCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ShortList: Story = {
  name: 'Short list',
  args: { view: searchPathsFixtures.shortList },
};

export const Truncated: Story = {
  name: 'Truncated (100 of 5,000)',
  args: { view: searchPathsFixtures.truncated },
};

/** The story's state is the complete result: switch the capped card to it, as a user would. */
const showAll: Story['play'] = async ({ canvas, userEvent }) => {
  // The card's code comes in its own chunk: found once it has drawn.
  await userEvent.click(await canvas.findByRole('button', { name: /^Show all [\d,]+$/ }));
  await canvas.findByRole('list', { name: /^All / });
};

export const TruncatedCompleteResult: Story = {
  name: 'Truncated paths, complete result',
  args: { view: searchPathsFixtures.truncated, shell: { onOpenLocation: fn(), fullResult: fullResultSources.paths } },
  // The complete list scrolls with the timeline (decision 0016): a stand-in for it here.
  decorators: [
    (StoryBody) => (
      <div data-testid="timeline" style={{ height: '80vh', overflowY: 'auto' }}>
        <StoryBody />
      </div>
    ),
  ],
  play: showAll,
};

export const ZeroFiles: Story = {
  name: 'Zero files',
  args: { view: searchPathsFixtures.zeroFiles },
};

export const Hostile: Story = {
  name: 'Markup in path (rendered as text)',
  args: { view: searchPathsFixtures.hostile },
};

export const InvisibleCharacters: Story = {
  name: 'Deceptive names (reversed, zero-width, mixed-script)',
  args: { view: searchPathsFixtures.invisibleCharacters },
};
