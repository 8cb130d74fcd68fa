import { describe, expect, it } from 'vitest';
import { initiallyExpandedGroups } from './initial-expansion';

const file = (count: number) => ({
  path: 'f',
  matches: Array.from({ length: count }, (_, index) => ({ lineNumber: index + 1, line: 'x' })),
});

describe('initiallyExpandedGroups', () => {
  it('opens every group of a small result', () => {
    expect(initiallyExpandedGroups([file(3), file(4), file(5)])).toEqual([true, true, true]);
  });

  it('opens groups in order until the row budget is spent, then closes the rest', () => {
    expect(initiallyExpandedGroups([file(20), file(20), file(20), file(1)], 50)).toEqual([true, true, false, false]);
  });

  it('always opens the first group, however large', () => {
    expect(initiallyExpandedGroups([file(200), file(1)], 50)).toEqual([true, false]);
  });

  it('opens nothing when there is nothing', () => {
    expect(initiallyExpandedGroups([])).toEqual([]);
  });
});
