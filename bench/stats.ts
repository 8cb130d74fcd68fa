/** The summary of repeated measurements: what every figure in the benchmark table shows. */
export interface Summary {
  median: number;
  min: number;
  max: number;
  runs: number;
}

/** Median of the samples; the mean of the two middle ones for an even count. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new Error('median of no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new Error('summary of no samples');
  if (samples.some((sample) => !Number.isFinite(sample))) throw new Error(`non-finite sample in ${samples.join(', ')}`);
  return { median: median(samples), min: Math.min(...samples), max: Math.max(...samples), runs: samples.length };
}

/** Pairwise ratios a[i] / b[i]: each ratio compares two measurements taken back to back. */
export function pairwiseRatios(numerators: readonly number[], denominators: readonly number[]): number[] {
  if (numerators.length !== denominators.length) throw new Error('ratio of samples of different lengths');
  return numerators.map((value, index) => value / denominators[index]!);
}

/** Pairwise differences a[i] − b[i]: each compares two measurements taken back to back. */
export function pairwiseDifferences(minuends: readonly number[], subtrahends: readonly number[]): number[] {
  if (minuends.length !== subtrahends.length) throw new Error('difference of samples of different lengths');
  return minuends.map((value, index) => value - subtrahends[index]!);
}
