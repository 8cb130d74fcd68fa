import { describe, expect, it } from 'vitest';
import { BadFrameBudget } from './bad-frame-budget';

describe('BadFrameBudget', () => {
  it('allows a burst up to the limit, then refuses', () => {
    const budget = new BadFrameBudget({ maxBadFrames: 3, windowMs: 1000 }, () => 0);
    expect([budget.spend(), budget.spend(), budget.spend(), budget.spend()]).toEqual([true, true, true, false]);
  });

  it('refills evenly over the window', () => {
    let now = 0;
    const budget = new BadFrameBudget({ maxBadFrames: 2, windowMs: 1000 }, () => now);
    expect(budget.spend() && budget.spend()).toBe(true);
    now = 500; // one frame's worth drained
    expect(budget.spend()).toBe(true);
    expect(budget.spend()).toBe(false);
    now = 10_000;
    expect(budget.spend()).toBe(true);
  });
});
