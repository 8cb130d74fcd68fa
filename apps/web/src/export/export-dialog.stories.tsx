import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import '../app/app.css';
import type { ExportApi } from './export-api';
import type { ExportPreview } from '@toolcards/protocol';
import { ExportDialog } from './export-dialog';

const preview: ExportPreview = {
  findings: [
    { id: 'f1', rule: 'aws-access-key-id', label: 'AWS access key ID', sample: 'AKIA••••', count: 2, where: ['#3 read', '#9 grep'] },
    { id: 'f2', rule: 'github-token', label: 'GitHub token', sample: 'ghp_••••', count: 1, where: ['#14 terminal'] },
    { id: 'f3', rule: 'password-in-url', label: 'Password in a URL', sample: 'postgres://app:••••', count: 1, where: ['#21 read'] },
  ],
  homePath: true,
};

function storyApi(answer: ExportPreview): ExportApi {
  return { preview: () => Promise.resolve(answer), file: () => Promise.resolve({ blob: new Blob(['']), fileName: 'toolcards-s1.html' }) };
}

const meta = {
  title: 'App/Export dialog',
  component: ExportDialog,
  args: { sessionId: 's1', api: storyApi(preview), onFile: fn(), onClose: fn() },
} satisfies Meta<typeof ExportDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SecretsFound: Story = {
  name: 'Secrets found, masked by default',
  play: async ({ canvas }) => {
    const list = await canvas.findByRole('list', { name: 'What will be masked' });
    await expect(list).toHaveTextContent('AKIA••••');
  },
};

export const SecretsFoundDark: Story = {
  name: 'Secrets found, masked by default (dark)',
  globals: { theme: 'dark' },
  play: SecretsFound.play,
};

export const FromAnAddressedCard: Story = {
  name: 'Range from an addressed card',
  args: { initialFrom: 12 },
};

export const RangeChosenOnTheCards: Story = {
  name: 'Range chosen on the cards',
  args: { picked: { start: { seq: 12, label: 'Read src/a.ts' }, end: { seq: 40, label: 'Search "deploy" (3 files)' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('export-range-ends')).toHaveTextContent('From #12 Read src/a.ts — to #40 Search "deploy" (3 files)');
  },
};

export const NothingFound: Story = {
  name: 'Nothing to mask',
  args: { api: storyApi({ findings: [], homePath: false }) },
  play: async ({ canvas }) => {
    await canvas.findByText('No secrets found.');
  },
};
