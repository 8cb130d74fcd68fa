import { describe, expect, it } from 'vitest';
import { highlightChunks } from './highlight-chunks';

describe('highlightChunks', () => {
  it('starts small, then takes larger steps to the end', () => {
    expect(highlightChunks(2000)).toEqual([
      { start: 0, end: 25 },
      { start: 25, end: 275 },
      { start: 275, end: 525 },
      { start: 525, end: 775 },
      { start: 775, end: 1025 },
      { start: 1025, end: 1275 },
      { start: 1275, end: 1525 },
      { start: 1525, end: 1775 },
      { start: 1775, end: 2000 },
    ]);
  });

  it('takes a short window in one chunk, and nothing in none', () => {
    expect(highlightChunks(12)).toEqual([{ start: 0, end: 12 }]);
    expect(highlightChunks(0)).toEqual([]);
  });
});
