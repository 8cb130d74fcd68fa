import { describe, expect, it } from 'vitest';
import type { FileSeen } from '@toolcards/protocol';
import { minimapMarks } from './minimap-marks';

const seen: FileSeen = {
  path: 'a.ts',
  read: { ranges: [[1, 20], [101, 150]], linesSeen: 70, totalLines: 200, percentSeen: 35, reads: 2, latestCallId: 'c2' },
  grep: { hits: 3, capped: false, searches: 1, lines: [1, 2, 150, 400] },
  cardCount: 3,
};

describe('minimapMarks', () => {
  it('places the window, every read and the grep matches in percent of the file', () => {
    const marks = minimapMarks([101, 150], 200, seen)!;
    expect(marks.window).toEqual({ top: 50, height: 25 });
    expect(marks.reads).toEqual([{ top: 0, height: 10 }, { top: 50, height: 25 }]);
    // Line 400 is past the end of the file as this card read it.
    expect(marks.matches).toEqual([0, 0.5, 74.5]);
    expect(marks.title).toBe('This card: lines 101–150 of 200 · read in this session: lines 1–20, 101–150 · 35% of 200 · 3 grep hits');
  });

  it('draws close matches as one tick', () => {
    const many: FileSeen = { path: 'a.ts', grep: { hits: 3, capped: false, searches: 1, lines: [1, 2, 3, 1_000] }, cardCount: 1 };
    expect(minimapMarks([1, 10], 2_000, many)?.matches).toEqual([0, 49.5]);
  });

  it('shows the window alone without the session’s record, and nothing for an empty window or file', () => {
    expect(minimapMarks([5, 5], 10, undefined)).toEqual({ window: { top: 40, height: 10 }, reads: [], matches: [], title: 'This card: line 5 of 10' });
    expect(minimapMarks(undefined, 10, seen)).toBeUndefined();
    expect(minimapMarks([1, 1], 0, seen)).toBeUndefined();
  });
});
