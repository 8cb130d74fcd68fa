import { describe, expect, it } from 'vitest';
import { isCardInPick, NO_PICK, pickedCard } from './export-range-pick';

const a = { seq: 2, label: 'Read src/a.ts' };
const b = { seq: 9, label: 'Search "foo"' };
const c = { seq: 20, label: 'Terminal: npm test' };

describe('pickedCard', () => {
  it('starts a range at the first card chosen and ends it at the second', () => {
    const started = pickedCard(NO_PICK, a);
    expect(started).toEqual({ phase: 'started', start: a });
    expect(pickedCard(started, b)).toEqual({ phase: 'chosen', start: a, end: b });
  });

  it('puts a range chosen backwards in order', () => {
    expect(pickedCard(pickedCard(NO_PICK, b), a)).toEqual({ phase: 'chosen', start: a, end: b });
  });

  it('makes the first card chosen twice a range of that card alone', () => {
    expect(pickedCard(pickedCard(NO_PICK, a), a)).toEqual({ phase: 'chosen', start: a, end: a });
  });

  it('starts anew when a card is chosen after a range was', () => {
    expect(pickedCard({ phase: 'chosen', start: a, end: b }, c)).toEqual({ phase: 'started', start: c });
  });
});

describe('isCardInPick', () => {
  it('marks nothing with no pick, the first card once started, every card between the ends once chosen', () => {
    expect(isCardInPick(NO_PICK, 2)).toBe(false);
    expect(isCardInPick({ phase: 'started', start: a }, 2)).toBe(true);
    expect(isCardInPick({ phase: 'started', start: a }, 9)).toBe(false);
    const chosen = { phase: 'chosen', start: a, end: c } as const;
    expect([1, 2, 9, 20, 21].map((seq) => isCardInPick(chosen, seq))).toEqual([false, true, true, true, false]);
  });
});
