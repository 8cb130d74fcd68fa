import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ResultCard } from '../index';
import { terminalFixtures } from './test-support/terminal-fixtures';

// Through ResultCard, as the shell draws them: the terminal card's code loads on first use.
const meta = {
  title: 'Cards/Terminal',
  component: ResultCard,
  args: { shell: { onOpenLocation: fn() } },
} satisfies Meta<typeof ResultCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = { name: 'Success', args: { view: terminalFixtures.success } };
export const SuccessDark: Story = { name: 'Success (dark)', args: { view: terminalFixtures.success }, globals: { theme: 'dark' } };
export const NonZeroExit: Story = { name: 'Non-zero exit, stderr apart', args: { view: terminalFixtures.nonZeroExit } };
export const Killed: Story = { name: 'Killed', args: { view: terminalFixtures.killed } };
export const Interrupted: Story = { name: 'Interrupted', args: { view: terminalFixtures.interrupted } };
export const EmptyOutput: Story = { name: 'No output', args: { view: terminalFixtures.emptyOutput } };
export const TwentyThousandLines: Story = { name: '20,000 lines', args: { view: terminalFixtures.longOutput } };
export const AnsiColours: Story = { name: 'ANSI colours and styles', args: { view: terminalFixtures.ansiColours } };
export const AnsiColoursDark: Story = { name: 'ANSI colours and styles (dark)', args: { view: terminalFixtures.ansiColours }, globals: { theme: 'dark' } };
export const CrProgress: Story = { name: 'Carriage-return progress', args: { view: terminalFixtures.crProgress } };
export const MegabyteLine: Story = { name: 'A 1 MB line', args: { view: terminalFixtures.megabyteLine } };
export const HiddenCharacters: Story = { name: 'Hidden and bidi characters', args: { view: terminalFixtures.hiddenCharacters } };
