import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlanCard } from './plan-card';
import { PreviousPlanContext } from './previous-plan-context';
import { earlierPlanView, emptyPlanView, mixedPlanView } from './test-support/plan-fixtures';

describe('PlanCard', () => {
  it('lists the steps in order, each with its status as a label, and the explanation', () => {
    render(<PlanCard view={mixedPlanView} />);
    const steps = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringContaining('Read the billing module'),
      expect.stringContaining('Rename count to quantity'),
      expect.stringContaining('Update the callers'),
      expect.stringContaining('Run the tests'),
    ]);
    expect(within(steps[0]!).getByRole('img', { name: 'completed' })).toBeTruthy();
    expect(within(steps[2]!).getByRole('img', { name: 'in progress' })).toBeTruthy();
    expect(within(steps[3]!).getByRole('img', { name: 'pending' })).toBeTruthy();
    expect(screen.getByText(mixedPlanView.explanation!)).toBeTruthy();
    expect(screen.getByText('2 of 4 done')).toBeTruthy();
  });

  it('says what changed since the previous plan of the session: the steps added and completed', () => {
    render(
      <PreviousPlanContext value={earlierPlanView}>
        <PlanCard view={mixedPlanView} />
      </PreviousPlanContext>,
    );
    expect(screen.getByText('since the last plan: 1 added, 1 completed')).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(within(steps[1]!).getByText('done since last plan')).toBeTruthy();
    expect(within(steps[3]!).getByText('new')).toBeTruthy();
    expect(within(steps[0]!).queryByText(/new|done since/)).toBeNull();
  });

  it('shows a long plan’s first steps with "Show all N steps"', async () => {
    const items = Array.from({ length: 30 }, (_, index) => ({ text: `step ${index + 1}`, status: 'pending' as const }));
    render(<PlanCard view={{ card: 'plan', items }} />);
    expect(screen.getByRole('list', { name: 'Steps' }).getAttribute('data-preview')).toBe('clipped');
    await userEvent.click(screen.getByRole('button', { name: 'Show all 30 steps' }));
    expect(screen.getByRole('list', { name: 'Steps' }).getAttribute('data-preview')).toBe('whole');
  });

  it('says nothing changed-wise for the first plan, and that an empty plan has no steps', () => {
    render(<PlanCard view={emptyPlanView} />);
    expect(screen.getByText('The plan has no steps.')).toBeTruthy();
    expect(screen.queryByText(/since the last plan/)).toBeNull();
  });
});
