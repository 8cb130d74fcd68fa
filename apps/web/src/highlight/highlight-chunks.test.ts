import { describe, expect, it } from 'vitest';
import { chunkEnd } from './highlight-chunks';

describe('chunkEnd', () => {
  it('ends the first chunk after the visible rows, then takes larger steps to the end', () => {
    const ends: number[] = [];
    for (let start = 0; start < 2000; start = chunkEnd(start, 2000)) ends.push(chunkEnd(start, 2000));
    expect(ends).toEqual([25, 275, 525, 775, 1025, 1275, 1525, 1775, 2000]);
  });

  it('finishes the visible rows first when the first chunk was cut short', () => {
    expect(chunkEnd(10, 2000)).toBe(25);
  });

  it('takes a short window in one chunk', () => {
    expect(chunkEnd(0, 12)).toBe(12);
  });
});
