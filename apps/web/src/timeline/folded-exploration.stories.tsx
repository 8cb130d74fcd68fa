import { useEffect, useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../app/app.css';
import { ClientProvider } from '../store/client-context';
import { clientForTests, ingestForTests } from '../test-support/client-for-tests';
import { explorationFrames, FIVE_STEP_RUN, LIVE_RUN } from '../test-support/exploration-fixtures';
import { Timeline } from './timeline';

/** A session whose model explored: a run of reads and searches, folded (compact density, the default). */
function FoldedExploration({ live }: { live: boolean }) {
  const client = useMemo(() => {
    const made = clientForTests();
    ingestForTests(made, live ? explorationFrames('s1', LIVE_RUN.slice(0, 1)) : explorationFrames('s1', FIVE_STEP_RUN));
    return made;
  }, [live]);
  useEffect(() => {
    if (!live) return undefined;
    // The run grows once its first card is drawn: a grep comes back, a glob is still running.
    const timer = setTimeout(() => ingestForTests(client, explorationFrames('s1', LIVE_RUN, 0, { lastRunning: true }).slice(2)), 300);
    return () => clearTimeout(timer);
  }, [client, live]);
  return (
    <ClientProvider client={client}>
      <div style={{ display: 'flex', flexDirection: 'column', height: 560 }}>
        <Timeline />
      </div>
    </ClientProvider>
  );
}

const meta = {
  title: 'App/Folded exploration',
  component: FoldedExploration,
  args: { live: false },
} satisfies Meta<typeof FoldedExploration>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Collapsed: Story = { name: 'A run of five, folded' };

export const CollapsedDark: Story = { ...Collapsed, name: 'A run of five, folded (dark)', globals: { theme: 'dark' } };

export const OneLineOpen: Story = {
  name: 'One line opened to its card',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /src\/parse\.ts.*Show its card/ }));
  },
};

export const OneLineOpenDark: Story = { ...OneLineOpen, name: 'One line opened to its card (dark)', globals: { theme: 'dark' } };

export const Live: Story = { name: 'A live run folding as it grows', args: { live: true } };

export const LiveDark: Story = { ...Live, name: 'A live run folding as it grows (dark)', globals: { theme: 'dark' } };
