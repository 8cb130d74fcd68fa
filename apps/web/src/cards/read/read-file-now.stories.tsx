import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ResultCard } from '../index';
import { ReadCard } from './read-card';
import { fileSources, matchInFileNow, readNowView } from '../../test-support/file-source-fixtures';

/** Cards that look at the file as it is now: a read grown in place, a stale read and its diff, a match's context. */
const meta = {
  title: 'Cards/File now',
  component: ReadCard,
  args: { view: readNowView, onReadAgain: fn() },
} satisfies Meta<typeof ReadCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Grown: Story = {
  name: 'Read grown above and below',
  args: { fileSource: fileSources.unchanged },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Show 19 lines above' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Show 31 lines below' }));
    await canvas.findByText("export const option60 = { name: 'option 60', enabled: true };");
  },
};

export const ChangedSinceRead: Story = {
  name: 'Changed since read, with its diff',
  args: { fileSource: fileSources.changedInside },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText('changed since read');
    await userEvent.click(await canvas.findByRole('button', { name: 'Show changes' }));
    await canvas.findByRole('region', { name: 'Changes since the read' });
  },
};

export const ChangedSinceReadDark: Story = {
  ...ChangedSinceRead,
  name: 'Changed since read, with its diff (dark)',
  globals: { theme: 'dark' },
};

export const DeletedSinceRead: Story = {
  name: 'Deleted since read',
  args: { fileSource: fileSources.deleted },
  play: async ({ canvas }) => {
    await canvas.findByText('deleted since read');
  },
};

export const MatchContext: StoryObj<typeof ResultCard> = {
  name: 'Match with its context',
  render: () => <ResultCard view={matchInFileNow} shell={{ fileSource: fileSources.unchanged, onOpenLocation: fn() }} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /^Show context/ }));
    await canvas.findByRole('group', { name: /^Lines 21–27 of / });
  },
};
