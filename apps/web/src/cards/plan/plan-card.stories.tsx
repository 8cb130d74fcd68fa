import type { Meta, StoryObj } from '@storybook/react-vite';
import { PlanCard } from './plan-card';
import { PreviousPlanContext } from './previous-plan-context';
import { earlierPlanView, emptyPlanView, mixedPlanView } from './test-support/plan-fixtures';

/** An agent's plan: Claude Code's TodoWrite, Codex's update_plan. */
const meta = {
  title: 'Cards/Plan',
  component: PlanCard,
  args: { view: mixedPlanView },
} satisfies Meta<typeof PlanCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = { args: { view: emptyPlanView } };

/** Completed, in progress and pending steps, after an earlier plan of the session: what changed since. */
export const Mixed: Story = {
  decorators: [
    (Story) => (
      <PreviousPlanContext value={earlierPlanView}>
        <Story />
      </PreviousPlanContext>
    ),
  ],
};

export const MixedDark: Story = {
  ...Mixed,
  name: 'Mixed (dark)',
  globals: { theme: 'dark' },
};
