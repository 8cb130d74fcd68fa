import type { PlanResultView } from '@toolcards/protocol';

/** Plan card states for the gallery, the component tests and the e2e checks. */

export const emptyPlanView: PlanResultView = { card: 'plan', title: 'TodoWrite', items: [] };

/** The session's plan before `mixedPlanView`: what "since the last plan" compares with. */
export const earlierPlanView: PlanResultView = {
  card: 'plan',
  title: 'TodoWrite',
  items: [
    { text: 'Read the billing module', status: 'completed' },
    { text: 'Rename count to quantity', status: 'in_progress' },
    { text: 'Update the callers', status: 'pending' },
  ],
};

export const mixedPlanView: PlanResultView = {
  card: 'plan',
  title: 'update_plan',
  explanation: 'The rename is done; the callers need the new name too.',
  items: [
    { text: 'Read the billing module', status: 'completed' },
    { text: 'Rename count to quantity', status: 'completed' },
    { text: 'Update the callers', status: 'in_progress' },
    { text: 'Run the tests', status: 'pending' },
  ],
};
