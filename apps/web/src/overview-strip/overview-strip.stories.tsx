import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import '../app/app.css';
import { outlineFromRows } from '../navigator/outline-from-rows';
import type { SessionMap } from '../navigator/use-session-map';
import { SessionRowsFixture } from '../test-support/session-rows-fixtures';
import { OverviewStrip } from './overview-strip';

/** 2,000 calls in 20 turns: mostly reads and searches, commands and edits toward each turn's end, a few errors. */
function longSession() {
  const fixture = new SessionRowsFixture();
  for (let turn = 0; turn < 20; turn += 1) {
    fixture.user(`Prompt ${turn + 1}`).assistant(`Answer ${turn + 1}`);
    for (let call = 0; call < 100; call += 1) {
      if (turn % 7 === 3 && call === 50) fixture.call('error');
      else if (call >= 90) fixture.call(call % 2 === 0 ? 'terminal' : 'diff');
      else if (call === 0 && turn % 5 === 0) fixture.call('plan');
      else fixture.call(call % 4 === 0 ? 'search' : 'read');
    }
    fixture.turnEnd();
  }
  return fixture.rows;
}

const rows = longSession();
const map: SessionMap = { rows, outline: outlineFromRows(rows), onScreen: { first: 820, last: 845 }, currentTurn: 7, atTurnStart: false, goToRow: fn() };

const meta = {
  title: 'App/Overview strip',
  component: OverviewStrip,
  decorators: [
    (Story) => (
      <div style={{ height: 480, display: 'flex', justifyContent: 'flex-end' }}>
        <Story />
      </div>
    ),
  ],
  args: {
    map,
    pins: [
      { seq: rows[300]!.seq, label: 'Read src/part3.ts', pinnedAt: '2026-12-02T02:00:00.000Z' },
      { seq: rows[1500]!.seq, label: 'Run npm test', pinnedAt: '2026-12-02T02:05:00.000Z' },
    ],
    onOpenPin: fn(),
  },
} satisfies Meta<typeof OverviewStrip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The whole session on 480 px: a mark per 2 px coloured by kind (errors win their bucket), the rows on screen, two pins. */
export const Strip: Story = {
  name: 'Strip',
};

export const StripDark: Story = {
  name: 'Strip (dark)',
  globals: { theme: 'dark' },
};
