import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SearchCard } from '../index';
import { searchPathsFixtures } from '../fixtures';

const meta = {
  title: 'Cards/Search/Paths',
  component: SearchCard,
  args: { onOpenLocation: fn() },
} satisfies Meta<typeof SearchCard>;

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
