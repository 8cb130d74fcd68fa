import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import '../app/app.css';
import { SessionRowsFixture } from '../test-support/session-rows-fixtures';
import { Navigator } from './navigator';
import { outlineFromRows } from './outline-from-rows';
import type { SessionMap } from './use-session-map';

/** An imported agent session: a composer command first, prompts with answers and calls, one turn starting two subagents. */
function storyRows() {
  const fixture = new SessionRowsFixture().call('search', { title: 'Grep TODO' }).call('read');
  fixture.user('Why does the parser drop the last token?\nIt happens on every file.').assistant('Let me read the tokenizer first.');
  for (let index = 0; index < 6; index += 1) fixture.call(index % 3 === 2 ? 'search' : 'read');
  fixture.call('terminal').call('error').assistant('The loop stops one short.').turnEnd();
  fixture.user('Survey the tests and the docs in parallel').assistant('Starting two subagents.');
  fixture.call('generic', { title: 'Task survey the tests', session: 'cc-0a1b2c3d-agent1' }).call('generic', { title: 'Task survey the docs', session: 'cc-0a1b2c3d-agent2' });
  fixture.call('plan').turnEnd();
  fixture.user('Fix it and run the suite').assistant('Fixed in tokenizer.ts; the suite passes.').call('diff').call('terminal').call('terminal').turnEnd();
  return fixture.rows;
}

const rows = storyRows();
const map: SessionMap = { rows, outline: outlineFromRows(rows), onScreen: undefined, currentTurn: 2, atTurnStart: true, goToRow: fn() };

const meta = {
  title: 'App/Outline',
  component: Navigator,
  decorators: [
    (Story) => (
      <div className="app__navigator" style={{ height: 600 }}>
        <Story />
      </div>
    ),
  ],
  args: {
    map,
    sessionId: 'cc-0a1b2c3d',
    pins: [
      { seq: 7, label: 'Read src/tokenizer.ts', pinnedAt: '2026-12-02T02:00:00.000Z' },
      { seq: 25, label: 'Run npm test', pinnedAt: '2026-12-02T02:05:00.000Z' },
    ],
    onUnpin: fn(),
    onOpenPin: fn(),
  },
} satisfies Meta<typeof Navigator>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Four turns (the first before any prompt), calls by kind, two subagents under the third, two pins; the third turn is in view. */
export const Outline: Story = {
  name: 'Outline',
};

export const OutlineDark: Story = {
  name: 'Outline (dark)',
  globals: { theme: 'dark' },
};
