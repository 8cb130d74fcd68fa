import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../app/app.css';
import { ClientProvider } from '../store/client-context';
import { clientForTests, ingestForTests } from '../test-support/client-for-tests';
import { Timeline } from '../timeline/timeline';
import { FindBar } from './find-bar';
import { FIND_WORD, grepFrames } from '../test-support/find-fixtures';

/** The find bar over a session whose one card is a grep with collapsed groups. */
function FindInSession() {
  const client = useMemo(() => {
    const made = clientForTests();
    ingestForTests(made, grepFrames('s1'));
    return made;
  }, []);
  return (
    <ClientProvider client={client}>
      <div style={{ display: 'flex', flexDirection: 'column', height: 560 }}>
        <FindBar focusSerial={0} onClose={() => undefined} />
        <Timeline />
      </div>
    </ClientProvider>
  );
}

const meta = {
  title: 'App/Find in session',
  component: FindInSession,
} satisfies Meta<typeof FindInSession>;

export default meta;
type Story = StoryObj<typeof meta>;

export const HitInCollapsedGroup: Story = {
  name: 'A hit in a collapsed group',
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Find in session' }), FIND_WORD);
    await canvas.findByText('1 of 1');
  },
};

export const HitInCollapsedGroupDark: Story = {
  ...HitInCollapsedGroup,
  name: 'A hit in a collapsed group (dark)',
  globals: { theme: 'dark' },
};
