import { describe, expect, it } from 'vitest';
import { readHeaderText } from './read-header-text';

const lines = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => ({ number: from + index, text: '' }));

describe('readHeaderText', () => {
  it('states the whole file without a continuation hint', () => {
    expect(readHeaderText({ offset: 1, lines: lines(1, 40), totalLines: 40 })).toEqual({ range: 'lines 1–40 of 40' });
  });

  it('groups thousands and offers the next window when the file continues, at most the default 2,000 lines', () => {
    expect(readHeaderText({ offset: 1200, lines: lines(1200, 1399), totalLines: 3000 })).toEqual({
      range: 'lines 1,200–1,399 of 3,000',
      next: { offset: 1400, limit: 1601, label: 'Next 1,601 lines', left: '1,601 more lines' },
    });
    expect(readHeaderText({ offset: 1, lines: lines(1, 10), totalLines: 90_000 }).next).toEqual({ offset: 11, limit: 2000, label: 'Next 2,000 lines', left: '89,990 more lines' });
  });

  it('uses the real first and last numbers, not the offset', () => {
    expect(readHeaderText({ offset: 5, lines: lines(5, 9), totalLines: 9 }).range).toBe('lines 5–9 of 9');
  });

  it('says "line" for a one-line window', () => {
    expect(readHeaderText({ offset: 7, lines: lines(7, 7), totalLines: 10 })).toEqual({
      range: 'line 7 of 10',
      next: { offset: 8, limit: 3, label: 'Next 3 lines', left: '3 more lines' },
    });
  });

  it('explains the empty window at a positive offset', () => {
    expect(readHeaderText({ offset: 1201, lines: [], totalLines: 3000 })).toEqual({
      range: 'no lines shown from offset 1,201 (file has 3,000 lines)',
    });
    expect(readHeaderText({ offset: 2, lines: [], totalLines: 1 }).range).toBe(
      'no lines shown from offset 2 (file has 1 line)',
    );
  });

  it('names an empty file', () => {
    expect(readHeaderText({ offset: 1, lines: [], totalLines: 0 })).toEqual({ range: 'empty file' });
  });
});
