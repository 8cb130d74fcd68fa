import type { Meta, StoryObj } from '@storybook/react-vite';
import { apiReadView, filesSeenFixture } from '../../test-support/files-seen-fixtures';
import { ReadCard } from './read-card';
import { SeenFilesProvider, type SeenFilesSource } from './seen-files-context';

/** The session's record of its files, as the timeline provides it (GET /api/sessions/:id/files). */
const seenFiles: SeenFilesSource = {
  subscribe: () => () => {},
  fileSeen: (path) => filesSeenFixture.find((file) => file.path === path),
};

const meta = {
  title: 'Cards/Read/Minimap',
  component: ReadCard,
  decorators: [
    (Story) => (
      <SeenFilesProvider source={seenFiles}>
        <Story />
      </SeenFilesProvider>
    ),
  ],
  args: { view: apiReadView },
} satisfies Meta<typeof ReadCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Lines 90–120 of 200: the window, the other read (1–40) and three grep matches beside the code. */
export const TwoReadsAndMatches: Story = {
  name: 'Two reads and grep matches',
};

export const TwoReadsAndMatchesDark: Story = {
  name: 'Two reads and grep matches (dark)',
  globals: { theme: 'dark' },
};

/** A phone's width: the strip keeps its place beside the code, the card does not grow sideways. */
export const Narrow: Story = {
  name: 'Two reads and grep matches (390 px)',
  decorators: [
    (Story) => (
      <div style={{ width: 358 }}>
        <Story />
      </div>
    ),
  ],
};
