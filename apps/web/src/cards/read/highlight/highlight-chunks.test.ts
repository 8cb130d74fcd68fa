import { describe, expect, it } from 'vitest';
import { highlightChunks } from './highlight-chunks';

describe('highlightChunks', () => {
  it('starts small, then takes larger steps to the end', () => {
    expect(highlightChunks(2000)).toEqual([
      { start: 0, end: 80 },
      { start: 80, end: 330 },
      { start: 330, end: 580 },
      { start: 580, end: 830 },
      { start: 830, end: 1080 },
      { start: 1080, end: 1330 },
      { start: 1330, end: 1580 },
      { start: 1580, end: 1830 },
      { start: 1830, end: 2000 },
    ]);
  });

  it('takes a short window in one chunk, and nothing in none', () => {
    expect(highlightChunks(12)).toEqual([{ start: 0, end: 12 }]);
    expect(highlightChunks(0)).toEqual([]);
  });
});
