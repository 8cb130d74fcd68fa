import { describe, expect, it } from 'vitest';
import type { PlanItem } from '@toolcards/protocol';
import { planChanges, planChangesText, planProgressText } from './plan-changes';

const plan = (...items: [string, PlanItem['status']][]) => ({ items: items.map(([text, status]) => ({ text, status })) });

describe('planChanges', () => {
  it('says nothing without a previous plan', () => {
    expect(planChanges(undefined, plan(['a', 'pending']))).toBeUndefined();
  });

  it('marks items new since the previous plan and items completed since', () => {
    const changes = planChanges(plan(['Read the code', 'completed'], ['Fix the bug', 'in_progress']), plan(['Read the code', 'completed'], ['Fix the bug', 'completed'], ['Add a test', 'pending']))!;
    expect(changes.marks).toEqual([undefined, 'completed', 'added']);
    expect([changes.added, changes.completed, changes.dropped]).toEqual([1, 1, 0]);
    expect(planChangesText(changes)).toBe('1 added, 1 completed');
  });

  it('matches by text, trimmed, and a repeated text in order', () => {
    const changes = planChanges(plan(['step', 'completed'], ['step', 'pending']), plan([' step ', 'completed'], ['step', 'completed'], ['step', 'pending']))!;
    expect(changes.marks).toEqual([undefined, 'completed', 'added']);
  });

  it('counts items the new plan dropped, and says nothing when nothing changed', () => {
    expect(planChanges(plan(['a', 'pending'], ['b', 'pending']), plan(['a', 'pending']))!.dropped).toBe(1);
    expect(planChangesText(planChanges(plan(['a', 'pending']), plan(['a', 'in_progress']))!)).toBeUndefined();
  });
});

describe('planProgressText', () => {
  it('counts the completed steps', () => {
    expect(planProgressText(plan(['a', 'completed'], ['b', 'in_progress'], ['c', 'pending']).items)).toBe('1 of 3 done');
    expect(planProgressText([])).toBe('no steps');
  });
});
