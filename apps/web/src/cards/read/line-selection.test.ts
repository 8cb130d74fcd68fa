import { describe, expect, it } from 'vitest';
import { lineInRange, nextLineSelection, NO_LINE_SELECTION, rangeInWindow, sameRange } from './line-selection';

describe('nextLineSelection', () => {
  it('selects one line on a click, and a range from it on a shift-click, either way', () => {
    const one = nextLineSelection(NO_LINE_SELECTION, 12, false);
    expect(one).toEqual({ range: { start: 12, end: 12 }, anchor: 12 });
    const down = nextLineSelection(one, 20, true);
    expect(down).toEqual({ range: { start: 12, end: 20 }, anchor: 12 });
    // The anchor stays: shift-clicking above it turns the range around it.
    expect(nextLineSelection(down, 5, true)).toEqual({ range: { start: 5, end: 12 }, anchor: 12 });
  });

  it('takes a shift-click with nothing selected as a click', () => {
    expect(nextLineSelection(NO_LINE_SELECTION, 7, true)).toEqual({ range: { start: 7, end: 7 }, anchor: 7 });
  });

  it('starts over on a plain click inside a range, and clears on a click on the one selected line', () => {
    const range = { range: { start: 3, end: 9 }, anchor: 3 };
    expect(nextLineSelection(range, 5, false)).toEqual({ range: { start: 5, end: 5 }, anchor: 5 });
    expect(nextLineSelection({ range: { start: 5, end: 5 }, anchor: 5 }, 5, false)).toEqual(NO_LINE_SELECTION);
  });
});

describe('line ranges', () => {
  it('says which lines are in a range', () => {
    expect(lineInRange(3, { start: 3, end: 5 })).toBe(true);
    expect(lineInRange(5, { start: 3, end: 5 })).toBe(true);
    expect(lineInRange(6, { start: 3, end: 5 })).toBe(false);
    expect(lineInRange(3, undefined)).toBe(false);
  });

  it('keeps the part of a linked range the window shows', () => {
    expect(rangeInWindow({ start: 10, end: 30 }, 20, 80)).toEqual({ start: 20, end: 30 });
    expect(rangeInWindow({ start: 1, end: 5 }, 20, 80)).toBeUndefined();
    expect(rangeInWindow(undefined, 1, 80)).toBeUndefined();
  });

  it('compares ranges by their lines', () => {
    expect(sameRange({ start: 1, end: 2 }, { start: 1, end: 2 })).toBe(true);
    expect(sameRange({ start: 1, end: 2 }, undefined)).toBe(false);
    expect(sameRange(undefined, undefined)).toBe(true);
  });
});
