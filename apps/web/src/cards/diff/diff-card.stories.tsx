import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DiffCard } from './diff-card';
import { addedView, deletedView, hugeHunkView, modifiedView, noHunksView, pricingSource, renamedView } from './test-support/diff-fixtures';

/** An agent's edit: Claude Code's Edit / Write / MultiEdit, Codex's apply_patch. */
const meta = {
  title: 'Cards/Diff',
  component: DiffCard,
  args: { view: modifiedView, onOpenLocation: fn() },
} satisfies Meta<typeof DiffCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two hunks of a TypeScript file; the file as it is now behind it (applied, gaps expandable). */
export const Modified: Story = {
  args: { fileSource: pricingSource() },
};

export const ModifiedDark: Story = {
  ...Modified,
  name: 'Modified (dark)',
  globals: { theme: 'dark' },
};

/** The same edit side by side: the play turns the split view on (the gallery is 1,280 px wide). */
export const ModifiedSplit: Story = {
  name: 'Modified, split view',
  args: { fileSource: pricingSource() },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Split' }));
  },
};

export const AddedFile: Story = { args: { view: addedView } };

export const DeletedFile: Story = { args: { view: deletedView } };

/** A file renamed with no change to its text, and the file that imports it edited. */
export const Rename: Story = { args: { view: renamedView } };

/** Its preview; "Show all 5,000 lines" draws it whole, its rows virtualized against the timeline (a stand-in for it here: decision 0016). */
export const FiveThousandLineHunk: Story = {
  name: 'A 5,000-line hunk',
  args: { view: hugeHunkView },
  decorators: [
    (StoryBody) => (
      <div data-testid="timeline" style={{ height: '80vh', overflowY: 'auto' }}>
        <StoryBody />
      </div>
    ),
  ],
};

export const NoHunks: Story = { args: { view: noHunksView } };
