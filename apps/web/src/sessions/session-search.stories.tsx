import { useMemo } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import '../app/app.css';
import { sessionSearchAnswer } from '../test-support/find-fixtures';
import { ClientProvider } from '../store/client-context';
import { clientForTests } from '../test-support/client-for-tests';
import { SessionList } from './session-list';

/** The sessions panel with a search typed: hits from every session's log in place of the list. */
function SearchAllSessions() {
  const client = useMemo(() => clientForTests({ api: { searchSessions: async () => sessionSearchAnswer } }), []);
  return (
    <ClientProvider client={client}>
      <div style={{ width: 320 }}>
        <SessionList onOpened={() => undefined} />
      </div>
    </ClientProvider>
  );
}

const meta = {
  title: 'App/Search all sessions',
  component: SearchAllSessions,
} satisfies Meta<typeof SearchAllSessions>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Results: Story = {
  name: 'Results',
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search all sessions' }), 'needle');
    await canvas.findByRole('list', { name: 'Search results' });
  },
};

export const ResultsDark: Story = {
  ...Results,
  name: 'Results (dark)',
  globals: { theme: 'dark' },
};
