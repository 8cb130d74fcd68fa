import type { Meta, StoryObj } from '@storybook/react-vite';
import { CallCard } from './index';
import { callFixtures } from '../test-support/card-fixtures';

const meta = {
  title: 'Cards/Pending',
  component: CallCard,
  args: { state: 'pending' },
} satisfies Meta<typeof CallCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ReadCall: Story = { name: 'Read call', args: { view: callFixtures.read } };
export const SearchCall: Story = { name: 'Search call', args: { view: callFixtures.search } };
export const EditCall: Story = { name: 'Edit call', args: { view: callFixtures.edit } };
export const DeleteCall: Story = { name: 'Delete call', args: { view: callFixtures.delete } };
export const MoveCall: Story = { name: 'Move call', args: { view: callFixtures.move } };
export const ExecuteCall: Story = { name: 'Execute call', args: { view: callFixtures.execute } };
export const FetchCall: Story = { name: 'Fetch call', args: { view: callFixtures.fetch } };
export const OtherCall: Story = { name: 'Other call', args: { view: callFixtures.other } };
export const UntypedCall: Story = { name: 'Call without a kind', args: { view: callFixtures.untyped } };
export const DeceptiveNames: Story = { name: 'Read call on deceptive names', args: { view: callFixtures.deceptiveNames } };

export const Queued: Story = {
  name: 'Queued call (waiting for a free slot)',
  args: { view: callFixtures.search, state: 'queued' },
};

export const Unsaved: Story = {
  name: 'Unsaved call (its result could not be saved: disk full)',
  args: { view: callFixtures.read, state: 'unsaved' },
};

export const Cancelled: Story = {
  name: 'Cancelled call',
  args: { view: callFixtures.read, state: 'cancelled' },
};
