import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { ReadFreshnessState } from '@toolcards/protocol';
import '../app/app.css';
import type { FileSource } from '../net/file-source';
import { FilesPanel } from './files-panel';
import { apiFileCards, filesSeenFixture } from '../test-support/files-seen-fixtures';

/** The latest read of api-routes.ts changed on disk since; the others are as read. */
const STALE: Record<string, ReadFreshnessState> = { call_read_routes: 'changed-inside' };

const freshnessOf = (callId: string): FileSource => ({
  lines: () => Promise.reject(new Error('the story has no files')),
  freshness: async () => STALE[callId] ?? 'unchanged',
  watch: () => () => {},
});

const meta = {
  title: 'App/Files',
  component: FilesPanel,
  decorators: [
    (Story) => (
      <div className="app__files" style={{ height: 560 }}>
        <Story />
      </div>
    ),
  ],
  args: {
    files: filesSeenFixture,
    loaded: true,
    status: { state: 'ready' },
    loadCards: async () => apiFileCards,
    onOpenCard: fn(),
    freshnessOf,
    onClose: fn(),
  },
} satisfies Meta<typeof FilesPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every file the session touched: read coverage, grep hits, glob listings, a stale read. */
export const Files: Story = {
  name: 'Files',
};

export const FilesDark: Story = {
  name: 'Files (dark)',
  globals: { theme: 'dark' },
};

/** A file selected: its cards in log order, each opening its card in the timeline. */
export const FileCards: Story = {
  name: 'A file’s cards',
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: /api\.ts/ }));
    await canvas.findByRole('list', { name: 'Cards of packages/server/src/api.ts' });
  },
};
