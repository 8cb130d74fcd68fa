import { describe, expect, it } from 'vitest';
import { median, pairwiseDifferences, pairwiseRatios, summarize } from './stats';

describe('median', () => {
  it('takes the middle sample of an odd count, whatever the order', () => {
    expect(median([5, 1, 3])).toBe(3);
  });

  it('averages the two middle samples of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('does not reorder the caller’s array', () => {
    const samples = [3, 1, 2];
    median(samples);
    expect(samples).toEqual([3, 1, 2]);
  });

  it('refuses no samples', () => {
    expect(() => median([])).toThrow();
  });
});

describe('summarize', () => {
  it('gives median, min, max and the run count', () => {
    expect(summarize([10, 30, 20, 50, 40])).toEqual({ median: 30, min: 10, max: 50, runs: 5 });
  });

  it('refuses a NaN or infinite sample rather than hiding it in the median', () => {
    expect(() => summarize([1, Number.NaN, 2])).toThrow();
    expect(() => summarize([1, Number.POSITIVE_INFINITY])).toThrow();
  });
});

describe('pairwiseRatios', () => {
  it('divides each sample by its partner', () => {
    expect(pairwiseRatios([2, 3], [1, 2])).toEqual([2, 1.5]);
  });

  it('refuses samples of different lengths', () => {
    expect(() => pairwiseRatios([1], [1, 2])).toThrow();
  });
});

describe('pairwiseDifferences', () => {
  it('subtracts pair by pair, not median from median', () => {
    expect(pairwiseDifferences([300, 250, 400], [100, 200, 150])).toEqual([200, 50, 250]);
  });

  it('refuses samples of different lengths', () => {
    expect(() => pairwiseDifferences([1, 2], [1])).toThrow();
  });
});
