import { describe, expect, it } from 'vitest';
import { RECONNECT_CAP_MS, reconnectDelay } from './reconnect-delay';

describe('reconnectDelay', () => {
  it('starts at 250 ms and doubles up to 5 s without jitter (random 0.5)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map((attempt) => reconnectDelay(attempt, 0.5))).toEqual([
      250, 500, 1000, 2000, 4000, 5000, 5000, 5000, 5000,
    ]);
  });

  it('jitters by ±20 % and never goes past the cap', () => {
    expect(reconnectDelay(0, 0)).toBe(200);
    expect(reconnectDelay(0, 0.999999)).toBe(300);
    expect(reconnectDelay(4, 0)).toBe(3200);
    expect(reconnectDelay(4, 0.999999)).toBe(4800);
    expect(reconnectDelay(9, 0)).toBe(4000);
    expect(reconnectDelay(9, 0.999999)).toBe(RECONNECT_CAP_MS);
  });

  it('tolerates odd inputs', () => {
    expect(reconnectDelay(-3, 0.5)).toBe(250);
    expect(reconnectDelay(Number.MAX_SAFE_INTEGER, 0.5)).toBe(5000);
    expect(reconnectDelay(0, 7)).toBe(300);
  });
});
