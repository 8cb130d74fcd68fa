import { describe, expect, it } from 'vitest';
import { nextColourBatch } from './colour-batches';

const line = (tokens: number) => Array.from({ length: tokens }, (_, index) => ({ text: `t${index}` }));

describe('nextColourBatch', () => {
  it('takes every new line when their tokens fit the budget', () => {
    const arrived = [line(3), line(2), undefined];
    const { lines, rest } = nextColourBatch([], arrived, 10);
    expect(lines).toEqual(arrived);
    expect(rest).toBe(false);
  });

  it('stops once the budget is spent, always taking one line', () => {
    const arrived = [line(8), line(8), line(8)];
    const first = nextColourBatch([], arrived, 10);
    expect(first.lines).toEqual([arrived[0], arrived[1], undefined]);
    expect(first.rest).toBe(true);
    const second = nextColourBatch(first.lines, arrived, 1);
    expect(second.lines).toEqual(arrived);
    expect(second.rest).toBe(false);
  });

  it('keeps what was applied, and is that very array when nothing is new', () => {
    const arrived = [line(1), line(1)];
    const applied = nextColourBatch([], arrived).lines;
    expect(nextColourBatch(applied, arrived).lines).toBe(applied);
    expect(nextColourBatch(applied, [...arrived, line(1)]).lines).toEqual([...arrived, line(1)]);
  });
});
