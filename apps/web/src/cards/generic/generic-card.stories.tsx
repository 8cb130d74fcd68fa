import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ResultCard, viewForResult, type ResultCardProps } from '../index';
import { genericFixtures, resultFixtures, type ResultFixture } from '../../test-support/card-fixtures';

// Results go through ResultCard, as the shell draws them; the fall-back stories start from
// the raw result and wire view and go through viewForResult first, exactly as the app does.
const meta = {
  title: 'Cards/Generic',
  component: ResultCard,
  args: { shell: { onOpenLocation: fn() } },
} satisfies Meta<typeof ResultCard>;

export default meta;
type Story = StoryObj<typeof meta>;

function asDelivered({ result, wireView }: ResultFixture): Pick<ResultCardProps, 'view' | 'isError' | 'errorCode'> {
  return { view: viewForResult(result, wireView), isError: result.isError, errorCode: result.error?.code };
}

export const PlainOutput: Story = {
  name: 'Plain output',
  args: { view: genericFixtures.plainOutput },
};

export const LongOutput: Story = {
  name: 'Long output (collapsed)',
  args: { view: genericFixtures.longOutput },
};

export const EmptyOutput: Story = {
  name: 'No output',
  args: { view: genericFixtures.empty },
};

export const ErrorResult: Story = {
  name: 'Error result',
  args: asDelivered(resultFixtures.error),
};

export const ErrorResultDark: Story = {
  name: 'Error result (dark)',
  args: asDelivered(resultFixtures.error),
  globals: { theme: 'dark' },
};

export const UnknownCard: Story = {
  name: 'Unknown card falls back',
  args: asDelivered(resultFixtures.unknownCard),
};

export const MalformedRead: Story = {
  name: 'Malformed read view falls back',
  args: asDelivered(resultFixtures.malformedRead),
};

export const NoView: Story = {
  name: 'No view falls back',
  args: asDelivered(resultFixtures.noView),
};

export const InvisibleCharacters: Story = {
  name: 'Bidi, colour and carriage-return characters in output',
  args: { view: genericFixtures.invisibleCharacters },
};

export const InvisibleCharactersDark: Story = {
  name: 'Bidi, colour and carriage-return characters in output (dark)',
  args: { view: genericFixtures.invisibleCharacters },
  globals: { theme: 'dark' },
};
