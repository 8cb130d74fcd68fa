import { describe, expect, it } from 'vitest';
import { SeqHoleCheck } from './seq-hole';

describe('SeqHoleCheck', () => {
  it('takes a gap for a hole only when the resync shows it again at the same place', () => {
    const check = new SeqHoleCheck();
    expect(check.seenAgain(2, 4)).toBe(false);
    expect(check.seenAgain(2, 4)).toBe(true);
  });

  it('a gap elsewhere after the resync is a new one: resync again', () => {
    const check = new SeqHoleCheck();
    expect(check.seenAgain(2, 4)).toBe(false);
    expect(check.seenAgain(2, 5)).toBe(false);
    expect(check.seenAgain(7, 9)).toBe(false);
    expect(check.seenAgain(7, 9)).toBe(true);
  });

  it('a hole taken once is not taken again without being seen twice', () => {
    const check = new SeqHoleCheck();
    check.seenAgain(2, 4);
    check.seenAgain(2, 4);
    expect(check.seenAgain(2, 4)).toBe(false);
  });

  it('forgets the last gap on reset (another session opened)', () => {
    const check = new SeqHoleCheck();
    check.seenAgain(2, 4);
    check.reset();
    expect(check.seenAgain(2, 4)).toBe(false);
  });
});
