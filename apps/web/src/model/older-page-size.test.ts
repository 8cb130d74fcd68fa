import { describe, expect, it } from 'vitest';
import { olderPageSize } from './older-page-size';

describe('olderPageSize', () => {
  it('asks the least behind a short tail, then as many as are held, never more than the most', () => {
    expect(olderPageSize(200, 2_500, 10_000)).toBe(2_500);
    expect(olderPageSize(2_700, 2_500, 10_000)).toBe(2_700);
    expect(olderPageSize(5_400, 2_500, 10_000)).toBe(5_400);
    expect(olderPageSize(10_800, 2_500, 10_000)).toBe(10_000);
  });
});
