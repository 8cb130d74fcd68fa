import { describe, expect, it } from 'vitest';
import { exactFigure, formatValue, measuredFigure, targetStatus } from './figures';

describe('targetStatus', () => {
  it('compares the median with the target', () => {
    expect(targetStatus(measuredFigure('a', 'a', 'ms', [40, 50, 60], { op: '≤', value: 50 }))).toBe('met');
    expect(targetStatus(measuredFigure('a', 'a', 'ms', [40, 51, 60], { op: '≤', value: 50 }))).toBe('missed');
    expect(targetStatus(measuredFigure('a', 'a', 'MB/s', [900, 1000, 1100], { op: '≥', value: 1000 }))).toBe('met');
    expect(targetStatus(measuredFigure('a', 'a', 'ms-longtask', [100], { op: '<', value: 100 }))).toBe('missed');
  });

  it('says none without a target', () => {
    expect(targetStatus(exactFigure('a', 'a', 'kB', 12))).toBe('none');
  });
});

describe('formatValue', () => {
  it('prints no long task as such, not as 0 ms', () => {
    expect(formatValue(0, 'ms-longtask')).toBe('none ≥ 50 ms');
    expect(formatValue(73.4, 'ms-longtask')).toBe('73 ms');
  });

  it('switches to seconds and GB/s for large values', () => {
    expect(formatValue(1500, 'ms')).toBe('1.50 s');
    expect(formatValue(1500, 'MB/s')).toBe('1.50 GB/s');
    expect(formatValue(1.234, 'ratio')).toBe('1.23×');
  });
});
