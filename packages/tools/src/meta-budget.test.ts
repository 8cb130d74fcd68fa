import { describe, expect, it } from 'vitest';
import { keepPrefixWithinBudget, serializedBytes } from './meta-budget';

const build = (items: readonly string[]) => ({ items: [...items], truncated: true });

describe('keepPrefixWithinBudget', () => {
  const items = Array.from({ length: 50 }, (_, index) => `item-${index}-${'x'.repeat(index)}`);

  it('keeps everything that fits', () => {
    expect(keepPrefixWithinBudget(items, build, 1_000_000)).toEqual(items);
    expect(keepPrefixWithinBudget([], build, 1)).toEqual([]);
  });

  it('keeps the longest prefix that fits', () => {
    for (const budget of [100, 500, 1000, 1500]) {
      const kept = keepPrefixWithinBudget(items, build, budget);
      expect(kept).toEqual(items.slice(0, kept.length));
      expect(serializedBytes(build(kept))).toBeLessThanOrEqual(budget);
      expect(serializedBytes(build(items.slice(0, kept.length + 1)))).toBeGreaterThan(budget);
    }
  });

  it('keeps one item even when it alone is over budget', () => {
    expect(keepPrefixWithinBudget(items, build, 5)).toEqual([items[0]]);
  });

  it('measures UTF-8 bytes, not characters', () => {
    expect(serializedBytes('日本')).toBe(8);
  });
});
